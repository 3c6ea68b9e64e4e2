#include "transform/LoweredTVMScript.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <iomanip>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"

namespace tessera::transform {

namespace lowered_tvmscript_detail {

using ir::Buffer;
using ir::Expr;
using ir::Stmt;
using ir::Var;

// Python operator precedence, lowest first (TVM's ExprPrecedence).
enum Prec : int { kOr = 2, kAnd, kNot, kCompare, kAdd = 10, kMul, kAtom = 20 };

struct Doc {
  std::string text;
  int prec = kAtom;
};

std::string FloatLiteral(double v) {
  std::ostringstream os;
  if (std::isinf(v) || std::isnan(v)) {
    os << '"' << (std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf")) << '"';
  } else if (std::nearbyint(v) == v) {
    os << std::showpoint << std::fixed << std::setprecision(1) << v;
  } else {
    os << std::setprecision(17) << v;
  }
  return os.str();
}

std::string Sanitize(std::string name) {
  for (char& c : name)
    if (c != '_' && !std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name.empty() ? std::string("v") : name;
}

bool ConstShape(const Buffer& b) {
  return std::all_of(b->shape.begin(), b->shape.end(),
                     [](const Expr& e) { return ir::is_const(e); });
}

// The buffers a statement reads or writes, in the order the printer meets them (a
// store's buffer before its value).
class BufferUses : public ir::IRVisitor {
 public:
  std::vector<const ir::BufferNode*> order;

 protected:
  void Add(const Buffer& b) {
    if (seen_.insert(b.get()).second) order.push_back(b.get());
  }
  void VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Add(n->buffer);
    ir::IRVisitor::VisitBufferLoad(n, e);
  }
  void VisitBufferStore(const ir::BufferStoreNode* n, const Stmt& s) override {
    Add(n->buffer);
    ir::IRVisitor::VisitBufferStore(n, s);
  }

 private:
  std::unordered_set<const ir::BufferNode*> seen_;
};

std::vector<const ir::BufferNode*> BuffersOf(const Stmt& s) {
  BufferUses uses;
  uses.VisitStmt(s);
  return uses.order;
}

std::vector<const ir::BufferNode*> BuffersOf(const std::vector<Expr>& exprs) {
  BufferUses uses;
  for (const Expr& e : exprs)
    if (e.defined()) uses.VisitExpr(e);
  return uses.order;
}

// A body's statements: a sequence's (nested sequences flattened) or the one statement.
void Flatten(const Stmt& s, std::vector<Stmt>* out) {
  if (!s.defined()) return;
  if (const auto* seq = s.as<ir::SeqStmtNode>()) {
    for (const Stmt& c : seq->seq) Flatten(c, out);
    return;
  }
  out->push_back(s);
}

// The expressions a statement holds itself, outside its nested bodies.
std::vector<Expr> OwnExprs(const Stmt& s) {
  if (const auto* loop = s.as<ir::ForNode>()) return {loop->min, loop->extent};
  if (const auto* ite = s.as<ir::IfThenElseNode>()) return {ite->condition};
  if (const auto* let = s.as<ir::LetStmtNode>()) return {let->value};
  if (const auto* attr = s.as<ir::AttrStmtNode>()) return {attr->value};
  if (const auto* alloc = s.as<ir::AllocateNode>()) {
    std::vector<Expr> out = alloc->extents;
    out.push_back(alloc->condition);
    return out;
  }
  if (const auto* a = s.as<ir::AssertStmtNode>()) return {a->condition};
  return {};
}

bool HasBody(const Stmt& s) {
  return s.as<ir::ForNode>() || s.as<ir::IfThenElseNode>() || s.as<ir::LetStmtNode>() ||
         s.as<ir::AttrStmtNode>() || s.as<ir::AllocateNode>() || s.as<ir::AssertStmtNode>();
}

class Printer {
 public:
  Printer(const PrimFunc& f, const LoweredScriptOptions& o) : func_(f), options_(o) {}
  std::string Module();

 private:
  // ---- names: one frame per scope; names leave with their frame ----
  void PushFrame() { frames_.emplace_back(); }
  void PopFrame() {
    for (const void* obj : frames_.back()) {
      used_.erase(names_.at(obj));
      names_.erase(obj);
    }
    frames_.pop_back();
  }
  std::string Define(const void* obj, const std::string& hint) {
    std::string base = Sanitize(hint), name = base;
    for (int i = 1; used_.count(name); ++i) name = base + "_" + std::to_string(i);
    used_.insert(name);
    frames_.back().push_back(obj);
    return names_[obj] = name;
  }
  bool Defined(const void* obj) const { return names_.count(obj) > 0; }
  std::string NameOf(const void* obj, const std::string& fallback) const {
    auto it = names_.find(obj);
    return it == names_.end() ? fallback : it->second;
  }
  std::string T(const std::string& attr) const { return "T." + attr; }
  bool STir() const { return options_.dialect == tir::TvmDialect::STir; }

  // ---- expressions ----
  Doc Print(const Expr& e);
  std::string Str(const Expr& e) { return Print(e).text; }
  Doc Binary(const std::string& op, int prec, const Expr& a, const Expr& b) {
    Doc l = Print(a), r = Print(b);
    std::string lt = l.prec < prec ? "(" + l.text + ")" : l.text;
    std::string rt = r.prec <= prec ? "(" + r.text + ")" : r.text;
    return {lt + " " + op + " " + rt, prec};
  }
  Doc Call(const std::string& callee, const std::vector<Expr>& args) {
    std::string s = callee + "(";
    for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + Str(args[i]);
    return {s + ")", kAtom};
  }
  std::string Shape(const std::vector<Expr>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + Str(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
  }
  std::string Access(const Buffer& b, const std::vector<Expr>& indices);
  std::string DataOf(const Buffer& b);

  // ---- statements ----
  void Line(const std::string& s) { out_ += std::string(indent_ * 4, ' ') + s + "\n"; }
  void Indented(const std::function<void()>& body) {
    ++indent_;
    size_t before = out_.size();
    body();
    if (out_.size() == before) Line("pass");
    --indent_;
  }
  void Body(const Stmt& s);
  void Statement(const Stmt& s);
  void Loop(const ir::ForNode* loop);
  void DeclareView(const ir::BufferNode* b);

  const PrimFunc& func_;
  LoweredScriptOptions options_;
  std::string out_;
  int indent_ = 0;
  std::vector<std::vector<const void*>> frames_;
  std::unordered_map<const void*, std::string> names_;
  std::set<std::string> used_;
  // Every buffer met, by node (views are declared from it).
  std::unordered_map<const ir::BufferNode*, Buffer> buffers_;
};

std::string Printer::Access(const Buffer& b, const std::vector<Expr>& indices) {
  std::string s = NameOf(b.get(), b->name) + "[";
  if (indices.empty()) return s + "()]";
  for (size_t i = 0; i < indices.size(); ++i) {
    s += i ? ", " : "";
    const auto* ramp = indices[i].as<ir::RampNode>();
    if (ramp && ir::is_one(ramp->stride)) {
      std::string base = Str(ramp->base);
      s += base + ":" + Str(ir::add(ramp->base, Expr(ramp->lanes)));
    } else {
      s += Str(indices[i]);
    }
  }
  return s + "]";
}

Doc Printer::Print(const Expr& e) {
  using K = ir::ExprKind;
  if (!e.defined()) return {"None", kAtom};
  auto bin = [&e] { return e.as<ir::BinaryNode>(); };
  switch (e.kind()) {
    case K::IntImm: {
      int64_t v = e.as<ir::IntImmNode>()->value;
      if (e.dtype() == ir::DataType::Int(32)) return {std::to_string(v), kAtom};
      if (e.dtype().is_bool()) return {T("bool") + (v ? "(True)" : "(False)"), kAtom};
      return {T(e.dtype().str()) + "(" + std::to_string(v) + ")", kAtom};
    }
    case K::FloatImm:
      return {T(e.dtype().str()) + "(" + FloatLiteral(e.as<ir::FloatImmNode>()->value) + ")",
              kAtom};
    case K::StringImm:
      return {"\"" + e.as<ir::StringImmNode>()->value + "\"", kAtom};
    case K::Var:
      return {NameOf(e.get(), Var::from(e).name()), kAtom};
    case K::Add:
      return Binary("+", kAdd, bin()->a, bin()->b);
    case K::Sub:
      return Binary("-", kAdd, bin()->a, bin()->b);
    case K::Mul:
      return Binary("*", kMul, bin()->a, bin()->b);
    case K::FloorDiv:
      return Binary("//", kMul, bin()->a, bin()->b);
    case K::FloorMod:
      return Binary("%", kMul, bin()->a, bin()->b);
    case K::Div:
      if (bin()->a.dtype().is_float()) return Binary("/", kMul, bin()->a, bin()->b);
      return Call(T("Div"), {bin()->a, bin()->b});
    case K::Mod:
      return Call(T("truncmod"), {bin()->a, bin()->b});
    case K::Min:
      return Call(T("min"), {bin()->a, bin()->b});
    case K::Max:
      return Call(T("max"), {bin()->a, bin()->b});
    case K::EQ:
      return Binary("==", kCompare, bin()->a, bin()->b);
    case K::NE:
      return Binary("!=", kCompare, bin()->a, bin()->b);
    case K::LT:
      return Binary("<", kCompare, bin()->a, bin()->b);
    case K::LE:
      return Binary("<=", kCompare, bin()->a, bin()->b);
    case K::GT:
      return Binary(">", kCompare, bin()->a, bin()->b);
    case K::GE:
      return Binary(">=", kCompare, bin()->a, bin()->b);
    case K::And:
      return Binary("and", kAnd, bin()->a, bin()->b);
    case K::Or:
      return Binary("or", kOr, bin()->a, bin()->b);
    case K::Not: {
      Doc a = Print(e.as<ir::NotNode>()->a);
      return {"not " + (a.prec < kNot ? "(" + a.text + ")" : a.text), kNot};
    }
    case K::Select: {
      const auto* n = e.as<ir::SelectNode>();
      return Call(T("Select"), {n->condition, n->true_value, n->false_value});
    }
    case K::Cast:
      return {T("Cast") + "(\"" + e.dtype().str() + "\", " + Str(e.as<ir::CastNode>()->value) + ")",
              kAtom};
    case K::Call: {
      const auto* n = e.as<ir::CallNode>();
      if (n->call_kind == ir::CallKind::Extern) {
        std::string s = T("call_extern") + "(\"" + e.dtype().str() + "\", \"" + n->op + "\"";
        for (const Expr& a : n->args) s += ", " + Str(a);
        return {s + ")", kAtom};
      }
      return Call(T(n->op), n->args);
    }
    case K::BufferLoad: {
      const auto* n = e.as<ir::BufferLoadNode>();
      return {Access(n->buffer, n->indices), kAtom};
    }
    case K::Ramp: {
      const auto* n = e.as<ir::RampNode>();
      return Call(T("Ramp"), {n->base, n->stride, Expr(n->lanes)});
    }
    case K::Broadcast: {
      const auto* n = e.as<ir::BroadcastNode>();
      return Call(T("Broadcast"), {n->value, Expr(n->lanes)});
    }
    case K::Let: {
      const auto* n = e.as<ir::LetNode>();
      return {
          T("Let") + "(" + Str(n->body) + ", where={" + Str(n->var) + ": " + Str(n->value) + "})",
          kAtom};
    }
    default:
      // ProducerLoad and Reduce do not occur in a lowered function.
      return {ir::to_string(e), kAtom};
  }
}

// `data=A.data` for a view of a parameter, `data=X` for one of an allocation.
std::string Printer::DataOf(const Buffer& b) {
  for (const PrimFuncParam& p : func_.params)
    if (p.is_buffer() && p.buffer->data.same_as(b->data))
      return NameOf(p.buffer.get(), p.buffer->name) + ".data";
  return NameOf(b->data.get(), b->data.name());
}

void Printer::DeclareView(const ir::BufferNode* node) {
  const Buffer& b = buffers_.at(node);
  std::string rhs = T("Buffer") + "(" + Shape(b->shape);
  if (b->dtype != ir::DataType::Float(32)) rhs += ", \"" + b->dtype.str() + "\"";
  rhs += ", data=" + DataOf(b);
  if (b->scope != "global") rhs += ", scope=\"" + b->scope + "\"";
  Line(Define(node, b->name) + " = " + rhs + ")");
}

// A body's statements, each view buffer declared in the innermost body that holds all its
// uses, right before the first statement that uses it (as TVM's printer places them).
void Printer::Body(const Stmt& s) {
  std::vector<Stmt> stmts;
  Flatten(s, &stmts);
  std::vector<std::vector<const ir::BufferNode*>> uses;
  for (const Stmt& c : stmts) uses.push_back(BuffersOf(c));
  for (size_t i = 0; i < stmts.size(); ++i) {
    std::unordered_set<const ir::BufferNode*> own;
    for (const ir::BufferNode* b : BuffersOf(OwnExprs(stmts[i]))) own.insert(b);
    for (const ir::BufferNode* b : uses[i]) {
      if (Defined(b)) continue;
      bool later = false;
      for (size_t j = i + 1; j < stmts.size() && !later; ++j)
        later = std::find(uses[j].begin(), uses[j].end(), b) != uses[j].end();
      if (later || own.count(b) || !HasBody(stmts[i])) DeclareView(b);
    }
    Statement(stmts[i]);
  }
}

void Printer::Loop(const ir::ForNode* loop) {
  // T.grid: a chain of serial, zero-based, unannotated loops, each the whole body of the
  // one above, whose extents do not use the chain's own variables.
  std::vector<const ir::ForNode*> grid;
  for (const ir::ForNode* l = loop; l; l = l->body.as<ir::ForNode>()) {
    bool depends = false;
    for (const ir::ForNode* g : grid) depends = depends || ir::UsesVar(l->extent, g->loop_var);
    if (l->for_kind != ir::ForKind::Serial || !ir::is_zero(l->min) || !l->annotations.empty() ||
        depends)
      break;
    grid.push_back(l);
  }
  PushFrame();
  if (grid.size() > 1) {
    std::string lhs, rhs;
    for (size_t i = 0; i < grid.size(); ++i) {
      rhs += (i ? ", " : "") + Str(grid[i]->extent);
      lhs += (i ? ", " : "") + Define(grid[i]->loop_var.get(), grid[i]->loop_var.name());
    }
    Line("for " + lhs + " in " + T("grid") + "(" + rhs + "):");
    Indented([&] { Body(grid.back()->body); });
    PopFrame();
    return;
  }
  std::vector<std::string> args;
  if (!ir::is_zero(loop->min)) {
    args.push_back(Str(loop->min));
    args.push_back(Str(ir::add(loop->min, loop->extent)));
  } else {
    args.push_back(Str(loop->extent));
  }
  std::string callee;
  switch (loop->for_kind) {
    case ir::ForKind::Serial:
      callee = loop->annotations.empty() ? "range" : T("serial");
      break;
    case ir::ForKind::Parallel:
      callee = T("parallel");
      break;
    case ir::ForKind::Unrolled:
      callee = T("unroll");
      break;
    case ir::ForKind::Vectorized:
      callee = T("vectorized");
      break;
    case ir::ForKind::ThreadBinding:
      callee = T("thread_binding");
      if (loop->thread_binding)
        args.push_back("thread=\"" + loop->thread_binding->thread_tag + "\"");
      break;
  }
  if (!loop->annotations.empty()) {
    std::string dict = "{";
    bool first = true;
    for (const auto& [k, v] : loop->annotations) {
      dict += (first ? "\"" : ", \"") + k + "\": " + Str(v);
      first = false;
    }
    args.push_back("annotations=" + dict + "}");
  }
  std::string name = Define(loop->loop_var.get(), loop->loop_var.name());
  std::string call = callee + "(";
  for (size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
  Line("for " + name + " in " + call + "):");
  Indented([&] { Body(loop->body); });
  PopFrame();
}

void Printer::Statement(const Stmt& s) {
  if (const auto* store = s.as<ir::BufferStoreNode>()) {
    Line(Access(store->buffer, store->indices) + " = " + Str(store->value));
  } else if (const auto* loop = s.as<ir::ForNode>()) {
    Loop(loop);
  } else if (const auto* ite = s.as<ir::IfThenElseNode>()) {
    Line("if " + Str(ite->condition) + ":");
    PushFrame();
    Indented([&] { Body(ite->then_case); });
    PopFrame();
    if (ite->else_case.defined()) {
      Line("else:");
      PushFrame();
      Indented([&] { Body(ite->else_case); });
      PopFrame();
    }
  } else if (const auto* let = s.as<ir::LetStmtNode>()) {
    std::string value = Str(let->value);
    Line(Define(let->var.get(), let->var.name()) + ": " + T(let->var.dtype().str()) + " = " +
         value);
    Body(let->body);
  } else if (const auto* alloc = s.as<ir::AllocateNode>()) {
    // Before flattening the allocation and its one N-D buffer are a T.decl_buffer.
    const ir::BufferNode* decl = nullptr;
    if (!options_.flattened)
      for (const ir::BufferNode* b : BuffersOf(alloc->body))
        if (!decl && b->data.same_as(alloc->buffer_var)) decl = b;
    if (decl) {
      std::string rhs = T("decl_buffer") + "(" + Shape(decl->shape);
      if (decl->dtype != ir::DataType::Float(32)) rhs += ", \"" + decl->dtype.str() + "\"";
      if (alloc->scope != "global") rhs += ", scope=\"" + alloc->scope + "\"";
      std::string name = Define(decl, decl->name);
      names_[alloc->buffer_var.get()] = name;
      Line(name + " = " + rhs + ")");
    } else {
      std::string extents = "[";
      for (size_t i = 0; i < alloc->extents.size(); ++i)
        extents += (i ? ", " : "") + Str(alloc->extents[i]);
      Line(Define(alloc->buffer_var.get(), alloc->buffer_var.name()) + " = " + T("allocate") + "(" +
           extents + "], \"" + alloc->dtype.str() + "\", \"" + alloc->scope + "\")");
    }
    Body(alloc->body);
  } else if (const auto* attr = s.as<ir::AttrStmtNode>()) {
    const ir::IterVar* iv = std::get_if<ir::IterVar>(&attr->node);
    if (attr->key == "thread_extent" && iv && *iv) {
      std::string tag = (*iv)->thread_tag;
      std::string value = Str(attr->value);
      Line(Define((*iv)->var.get(), tag.empty() ? (*iv)->var.name() : tag) + " = " +
           T("launch_thread") + "(\"" + tag + "\", " + value + ")");
      Body(attr->body);
      return;
    }
    std::string node = "0";
    if (const Expr* e = std::get_if<Expr>(&attr->node)) node = Str(*e);
    if (iv && *iv) node = NameOf((*iv)->var.get(), (*iv)->var.name());
    Line("with " + T("attr") + "(" + node + ", \"" + attr->key + "\", " + Str(attr->value) + "):");
    PushFrame();
    Indented([&] { Body(attr->body); });
    PopFrame();
  } else if (const auto* a = s.as<ir::AssertStmtNode>()) {
    Line("assert " + Str(a->condition) + ", " + Str(a->message));
    Body(a->body);
  } else if (const auto* ev = s.as<ir::EvaluateNode>()) {
    if (ev->value.kind() == ir::ExprKind::Call)
      Line(Str(ev->value));
    else
      Line(T("evaluate") + "(" + Str(ev->value) + ")");
  } else {
    std::istringstream text(ir::to_string(s));
    for (std::string line; std::getline(text, line);) Line("# " + line);
  }
}

std::string Printer::Module() {
  // Every buffer the body touches, so that a view can be declared from its node.
  struct Collect : ir::IRVisitor {
    std::unordered_map<const ir::BufferNode*, Buffer>* out;
    void VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
      out->emplace(n->buffer.get(), n->buffer);
      ir::IRVisitor::VisitBufferLoad(n, e);
    }
    void VisitBufferStore(const ir::BufferStoreNode* n, const Stmt& s) override {
      out->emplace(n->buffer.get(), n->buffer);
      ir::IRVisitor::VisitBufferStore(n, s);
    }
  } collect;
  collect.out = &buffers_;
  if (func_.body.defined()) collect.VisitStmt(func_.body);

  PushFrame();
  std::vector<std::string> args, decls;
  std::unordered_set<const void*> shape_vars;
  for (const PrimFuncParam& p : func_.params)
    if (p.is_buffer())
      for (const Expr& dim : p.buffer->shape)
        if (dim.kind() == ir::ExprKind::Var) shape_vars.insert(dim.get());
  for (const PrimFuncParam& p : func_.params) {
    if (!p.is_buffer()) {
      if (shape_vars.count(p.var.get())) continue;
      args.push_back(Define(p.var.get(), p.var.name()) + ": " + T(p.var.dtype().str()));
      continue;
    }
    const Buffer& b = p.buffer;
    if (ConstShape(b) && b->strides.empty()) {
      args.push_back(Define(b.get(), b->name) + ": " + T("Buffer") + "(" + Shape(b->shape) +
                     ", \"" + b->dtype.str() + "\")");
      continue;
    }
    // A symbolic shape: a handle, its shape variables, then T.match_buffer.
    std::string handle = Define(b->data.get(), "var_" + b->name);
    args.push_back(handle + ": " + T("handle"));
    for (const Expr& dim : b->shape) {
      if (dim.kind() != ir::ExprKind::Var || Defined(dim.get())) continue;
      decls.push_back(Define(dim.get(), Var::from(dim).name()) + " = " + T(dim.dtype().str()) +
                      "()");
    }
    std::string rhs = T("match_buffer") + "(" + handle + ", " + Shape(b->shape);
    if (b->dtype != ir::DataType::Float(32)) rhs += ", \"" + b->dtype.str() + "\"";
    decls.push_back(Define(b.get(), b->name) + " = " + rhs + ")");
  }
  indent_ = 2;
  if (options_.noalias)
    Line(T("func_attr") +
         (STir() ? "({\"tirx.noalias\": True})" : "({\"tir.noalias\": T.bool(True)})"));
  for (const std::string& d : decls) Line(d);
  size_t before = out_.size();
  Body(func_.body);
  if (out_.size() == before) Line(T("evaluate") + "(0)");
  PopFrame();
  std::string header = std::string("# from tvm.script import ir as I\n# from tvm.script import ") +
                       (STir() ? "tirx" : "tir") +
                       " as T\n\n@I.ir_module\nclass Module:\n    @T.prim_func\n    def " +
                       Sanitize(func_.name) + "(";
  for (size_t i = 0; i < args.size(); ++i) header += (i ? ", " : "") + args[i];
  std::string text = header + "):\n" + out_;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text;
}

}  // namespace lowered_tvmscript_detail

std::string LoweredAsTVMScript(const PrimFunc& func, const LoweredScriptOptions& options) {
  return lowered_tvmscript_detail::Printer(func, options).Module();
}

}  // namespace tessera::transform
