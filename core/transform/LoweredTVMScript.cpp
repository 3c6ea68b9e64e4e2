#include "transform/LoweredTVMScript.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ScriptText.h"

namespace tessera::transform {

namespace lowered_tvmscript_detail {

using ir::Buffer;
using ir::Expr;
using ir::Stmt;
using ir::Var;

using namespace tir::script_text;

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

class Printer : public ScriptWriter {
 public:
  Printer(const PrimFunc& f, const LoweredScriptOptions& o)
      : ScriptWriter(EmptyName::AsV), func_(f), options_(o) {}
  std::string Module();

 protected:
  std::optional<Doc> PrintOwn(const Expr& e) override;
  std::string VarText(const Var& v) const override { return NameOf(v.get(), v.name()); }
  std::string LoadText(const ir::BufferLoadNode* load) override {
    return Access(load->buffer, load->indices);
  }

 private:
  bool STir() const { return options_.dialect == tir::TvmDialect::STir; }

  std::string Access(const Buffer& b, const std::vector<Expr>& indices);
  std::string DataOf(const Buffer& b);

  // ---- statements ----
  void Body(const Stmt& s);
  void Statement(const Stmt& s);
  void Loop(const ir::ForNode* loop);
  void DeclareView(const ir::BufferNode* b);

  const PrimFunc& func_;
  LoweredScriptOptions options_;
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

// A Let expression, which the passes leave in a lowered function.
std::optional<Doc> Printer::PrintOwn(const Expr& e) {
  const auto* n = e.as<ir::LetNode>();
  if (!n) return std::nullopt;
  return Doc{
      T("Let") + "(" + Str(n->body) + ", where={" + Str(n->var) + ": " + Str(n->value) + "})",
      kAtom};
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
  std::vector<const ir::ForNode*> grid =
      GridChain(loop, [](const ir::ForNode* l) { return l->body.as<ir::ForNode>(); });
  PushFrame();
  if (grid.size() > 1) {
    Line(GridLine(grid));
    Indented([&] { Body(grid.back()->body); });
    PopFrame();
    return;
  }
  std::optional<std::string> thread;
  if (loop->thread_binding) thread = loop->thread_binding->thread_tag;
  std::string iterable =
      LoopIterable(loop->for_kind, loop->min, loop->extent, loop->annotations, thread);
  std::string name = Define(loop->loop_var.get(), loop->loop_var.name());
  Line("for " + name + " in " + iterable + ":");
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
    LetLine(let);
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
      Alias(alloc->buffer_var.get(), name);
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
    EvaluateLine(ev);
  } else {
    CommentLines(s);
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
  if (options_.noalias) Line(NoAliasAttr(STir()));
  for (const std::string& d : decls) Line(d);
  size_t before = out_.size();
  Body(func_.body);
  if (out_.size() == before) Line(T("evaluate") + "(0)");
  PopFrame();
  std::string header = std::string("# from tvm.script import ir as I\n# from tvm.script import ") +
                       (STir() ? "tirx" : "tir") +
                       " as T\n\n@I.ir_module\nclass Module:\n    @T.prim_func\n    def " +
                       SanitizeNonEmpty(func_.name) + "(";
  return TrimmedEnd(header + CommaJoined(args) + "):\n" + out_);
}

}  // namespace lowered_tvmscript_detail

std::string LoweredAsTVMScript(const PrimFunc& func, const LoweredScriptOptions& options) {
  return lowered_tvmscript_detail::Printer(func, options).Module();
}

}  // namespace tessera::transform
