#include "tir/ScriptPrinter.h"

#include <cctype>
#include <cmath>
#include <functional>
#include <iomanip>
#include <set>
#include <sstream>
#include <unordered_map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"

namespace tessera::tir {

namespace script_printer_detail {

// Python operator precedence, lowest first (TVM's ExprPrecedence).
enum Prec : int { kIfThenElse = 1, kOr, kAnd, kNot, kCompare, kAdd = 10, kMul, kUnary, kAtom = 20 };

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

// TVM's GenerateUniqueName: non-identifier characters become '_'.
std::string Sanitize(std::string name) {
  for (char& c : name) {
    if (c != '_' && !std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

class Printer {
 public:
  explicit Printer(TvmDialect dialect) : dialect_(dialect) {}

  std::string Function(const PrimFunc& f);
  Doc Print(const Expr& e);

 private:
  // ---- names: one frame per scope; names leave with their frame, as in TVM ----
  void PushFrame() { frames_.emplace_back(); }
  void PopFrame() {
    for (const void* obj : frames_.back()) {
      used_.erase(names_.at(obj));
      names_.erase(obj);
    }
    frames_.pop_back();
  }
  const std::string& Define(const void* obj, const std::string& hint) {
    std::string base = Sanitize(hint);
    std::string name = base;
    for (int i = 1; used_.count(name); ++i) name = base + "_" + std::to_string(i);
    used_.insert(name);
    frames_.back().push_back(obj);
    return names_[obj] = name;
  }
  std::string NameOf(const void* obj, const std::string& fallback) const {
    auto it = names_.find(obj);
    return it == names_.end() ? fallback : it->second;
  }
  // A buffer's data pointer (an opaque call's argument) prints as TVM prints it, `A.data`.
  std::string VarName(const Var& v) const {
    auto owner = data_owners_.find(v.get());
    if (!names_.count(v.get()) && owner != data_owners_.end() && names_.count(owner->second.get()))
      return BufferName(owner->second) + ".data";
    return NameOf(v.get(), v.name());
  }
  std::string BufferName(const Buffer& b) const { return NameOf(b.get(), b->name); }

  std::string T(const std::string& attr) const { return "T." + attr; }
  bool STir() const { return dialect_ == TvmDialect::STir; }

  // ---- expressions ----
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
  // A 0-d buffer's element is `C[()]`, as TVM prints it.
  std::string Indices(const std::vector<Expr>& indices) {
    if (indices.empty()) return "()";
    std::string s;
    for (size_t i = 0; i < indices.size(); ++i) s += (i ? ", " : "") + Str(indices[i]);
    return s;
  }
  std::string Region(const BufferRegion& r) {
    if (r.region.empty()) return BufferName(r.buffer) + "[()]";
    std::string s = BufferName(r.buffer) + "[";
    for (size_t i = 0; i < r.region.size(); ++i) {
      const Range& range = r.region[i];
      s += i ? ", " : "";
      if (ir::is_one(range.extent)) {
        s += Str(range.min);
      } else {
        s += Str(range.min) + ":" + Str(ir::add(range.min, range.extent));
      }
    }
    return s + "]";
  }
  std::string Shape(const std::vector<Expr>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + Str(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
  }
  std::string Dict(const std::map<std::string, Expr>& m) {
    std::string s = "{";
    bool first = true;
    for (const auto& [k, v] : m) {
      s += (first ? "\"" : ", \"") + k + "\": " + Str(v);
      first = false;
    }
    return s + "}";
  }

  // ---- statements ----
  void Line(const std::string& s) { out_ += std::string(indent_ * 4, ' ') + s + "\n"; }
  void Indented(const std::function<void()>& body) {
    ++indent_;
    size_t before = out_.size();
    body();
    if (out_.size() == before) Line("pass");
    --indent_;
  }
  void PrintTir(const Stmt& s);
  void PrintLoop(const ForNode* loop);
  void PrintBlock(const BlockRealizeNode* realize);
  void PrintIterVars(const BlockRealizeNode* realize);
  void PrintIr(const ir::Stmt& s);
  std::string AllocBuffer(const Buffer& b);
  std::string AxisSeparators(const Buffer& b);
  std::string MatchBuffer(const std::string& source, const Buffer& b, const BufferDeclAttrs& attrs);

  TvmDialect dialect_;
  std::string out_;
  int indent_ = 0;
  std::vector<std::vector<const void*>> frames_;
  std::unordered_map<const void*, std::string> names_;
  std::unordered_map<const void*, Buffer> data_owners_;  // data variable -> its buffer
  std::set<std::string> used_;
  std::vector<const ForNode*> loops_;  // enclosing loops, outermost first
};

Doc Printer::Print(const Expr& e) {
  using K = ir::ExprKind;
  if (!e.defined()) return {"None", kAtom};
  switch (e.kind()) {
    case K::IntImm: {
      int64_t v = e.as<ir::IntImmNode>()->value;
      if (e.dtype() == DataType::Int(32)) return {std::to_string(v), kAtom};
      if (e.dtype().is_bool()) return {T("bool") + (v ? "(True)" : "(False)"), kAtom};
      return {T(e.dtype().str()) + "(" + std::to_string(v) + ")", kAtom};
    }
    case K::FloatImm:
      return {T(e.dtype().str()) + "(" + FloatLiteral(e.as<ir::FloatImmNode>()->value) + ")",
              kAtom};
    case K::StringImm:
      return {"\"" + e.as<ir::StringImmNode>()->value + "\"", kAtom};
    case K::Var:
      return {VarName(Var::from(e)), kAtom};
    case K::Add:
      return Binary("+", kAdd, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::Sub:
      return Binary("-", kAdd, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::Mul:
      return Binary("*", kMul, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::FloorDiv:
      return Binary("//", kMul, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::FloorMod:
      return Binary("%", kMul, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::Div: {
      const auto* n = e.as<ir::BinaryNode>();
      if (n->a.dtype().is_float()) return Binary("/", kMul, n->a, n->b);
      return Call(T("Div"), {n->a, n->b});
    }
    case K::Mod:
      return Call(T("truncmod"), {e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b});
    case K::Min:
      return Call(T("min"), {e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b});
    case K::Max:
      return Call(T("max"), {e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b});
    case K::EQ:
      return Binary("==", kCompare, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::NE:
      return Binary("!=", kCompare, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::LT:
      return Binary("<", kCompare, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::LE:
      return Binary("<=", kCompare, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::GT:
      return Binary(">", kCompare, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::GE:
      return Binary(">=", kCompare, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::And:
      return Binary("and", kAnd, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::Or:
      return Binary("or", kOr, e.as<ir::BinaryNode>()->a, e.as<ir::BinaryNode>()->b);
    case K::Not: {
      Doc a = Print(e.as<ir::NotNode>()->a);
      if (e.as<ir::NotNode>()->a.kind() == K::IntImm) return {T("Not") + "(" + a.text + ")", kAtom};
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
      if (n->op == kAnnotationList) {
        std::string list = "[";
        for (size_t i = 0; i < n->args.size(); ++i) list += (i ? ", " : "") + Str(n->args[i]);
        return {list + "]", kAtom};
      }
      if (n->call_kind == ir::CallKind::Extern) {
        std::vector<Expr> args = {ir::StringImm(n->op)};
        args.insert(args.end(), n->args.begin(), n->args.end());
        Doc call = Call(T("call_extern"), args);
        call.text.insert(T("call_extern").size() + 1, "\"" + e.dtype().str() + "\", ");
        return call;
      }
      return Call(T(n->op), n->args);
    }
    case K::BufferLoad: {
      const auto* n = e.as<ir::BufferLoadNode>();
      return {BufferName(n->buffer) + "[" + Indices(n->indices) + "]", kAtom};
    }
    case K::Ramp: {
      const auto* n = e.as<ir::RampNode>();
      return Call(T("Ramp"), {n->base, n->stride, Expr(n->lanes)});
    }
    case K::Broadcast: {
      const auto* n = e.as<ir::BroadcastNode>();
      return Call(T("Broadcast"), {n->value, Expr(n->lanes)});
    }
    default:
      // ProducerLoad, Let and Reduce do not occur in a PrimFunc's body.
      return {ir::to_string(e), kAtom};
  }
}

// T.match_buffer(source, shape, dtype, scope=, align=, offset_factor=) with the keywords
// TVM prints: those that differ from a buffer's defaults.
std::string Printer::MatchBuffer(const std::string& source, const Buffer& b,
                                 const BufferDeclAttrs& attrs) {
  std::string s = T("match_buffer") + "(" + source + ", " + Shape(b->shape);
  if (b->dtype != DataType::Float(32)) s += ", \"" + b->dtype.str() + "\"";
  if (b->scope != "global") s += ", scope=\"" + b->scope + "\"";
  if (attrs.align != BufferDeclAttrs{}.align) s += ", align=" + std::to_string(attrs.align);
  if (attrs.offset_factor != 0) s += ", offset_factor=" + std::to_string(attrs.offset_factor);
  return s + AxisSeparators(b) + ")";
}

std::string Printer::AllocBuffer(const Buffer& b) {
  std::string s = T(STir() ? "sblock_alloc_buffer" : "alloc_buffer") + "(" + Shape(b->shape);
  if (b->dtype != DataType::Float(32)) s += ", \"" + b->dtype.str() + "\"";
  if (b->scope != "global") s += ", scope=\"" + b->scope + "\"";
  return s + AxisSeparators(b) + ")";
}

// `, axis_separators=[1]` where the buffer has separators.
std::string Printer::AxisSeparators(const Buffer& b) {
  if (b->axis_separators.empty()) return "";
  std::string s = ", axis_separators=[";
  for (size_t i = 0; i < b->axis_separators.size(); ++i)
    s += (i ? ", " : "") + std::to_string(b->axis_separators[i]);
  return s + "]";
}

void Printer::PrintIr(const ir::Stmt& s) {
  if (!s.defined()) return;
  if (const auto* store = s.as<ir::BufferStoreNode>()) {
    Line(BufferName(store->buffer) + "[" + Indices(store->indices) + "] = " + Str(store->value));
  } else if (const auto* seq = s.as<ir::SeqStmtNode>()) {
    for (const ir::Stmt& c : seq->seq) PrintIr(c);
  } else if (const auto* ite = s.as<ir::IfThenElseNode>()) {
    Line("if " + Str(ite->condition) + ":");
    Indented([&] { PrintIr(ite->then_case); });
    if (ite->else_case.defined()) {
      Line("else:");
      Indented([&] { PrintIr(ite->else_case); });
    }
  } else if (const auto* let = s.as<ir::LetStmtNode>()) {
    PushFrame();
    std::string value = Str(let->value);
    Line(Define(let->var.get(), let->var.name()) + ": " + T(let->var.dtype().str()) + " = " +
         value);
    PrintIr(let->body);
    PopFrame();
  } else if (const auto* loop = s.as<ir::ForNode>()) {
    PushFrame();
    std::string name = Define(loop->loop_var.get(), loop->loop_var.name());
    Line("for " + name + " in range(" + Str(loop->extent) + "):");
    Indented([&] { PrintIr(loop->body); });
    PopFrame();
  } else if (const auto* ev = s.as<ir::EvaluateNode>()) {
    // A call is printed as an expression statement (`T.assume(...)`), as TVM does.
    if (ev->value.kind() == ir::ExprKind::Call) {
      Line(Str(ev->value));
    } else {
      Line(T("evaluate") + "(" + Str(ev->value) + ")");
    }
  } else {
    std::istringstream text(ir::to_string(s));
    for (std::string line; std::getline(text, line);) Line("# " + line);
  }
}

void Printer::PrintTir(const Stmt& s) {
  if (const auto* c = As<ComputeNode>(s)) {
    PrintIr(c->stmt);
  } else if (const auto* seq = As<SeqNode>(s)) {
    for (const Stmt& e : seq->seq) PrintTir(e);
  } else if (const auto* loop = As<ForNode>(s)) {
    PrintLoop(loop);
  } else if (const auto* realize = As<BlockRealizeNode>(s)) {
    PrintBlock(realize);
  }
}

void Printer::PrintLoop(const ForNode* loop) {
  // T.grid: a chain of serial, zero-based, unannotated loops whose extents do not use
  // the chain's own variables.
  std::vector<const ForNode*> grid;
  for (const ForNode* l = loop; l; l = As<ForNode>(l->body)) {
    bool depends = false;
    for (const ForNode* g : grid) depends = depends || ir::UsesVar(l->extent, g->loop_var);
    if (l->for_kind != ForKind::Serial || !ir::is_zero(l->min) || !l->annotations.empty() ||
        depends) {
      break;
    }
    grid.push_back(l);
  }
  PushFrame();
  if (grid.size() > 1) {
    std::string lhs, rhs;
    for (size_t i = 0; i < grid.size(); ++i) {
      lhs += (i ? ", " : "") + Define(grid[i]->loop_var.get(), grid[i]->loop_var.name());
      rhs += (i ? ", " : "") + Str(grid[i]->extent);
    }
    Line("for " + lhs + " in " + T("grid") + "(" + rhs + "):");
    loops_.insert(loops_.end(), grid.begin(), grid.end());
    Indented([&] { PrintTir(grid.back()->body); });
    loops_.resize(loops_.size() - grid.size());
    PopFrame();
    return;
  }
  std::string name = Define(loop->loop_var.get(), loop->loop_var.name());
  std::vector<std::string> args;
  if (!ir::is_zero(loop->min)) {
    args.push_back(Str(loop->min));
    args.push_back(Str(ir::add(loop->min, loop->extent)));
  } else {
    args.push_back(Str(loop->extent));
  }
  std::string prefix;
  switch (loop->for_kind) {
    case ForKind::Serial:
      prefix = loop->annotations.empty() ? "range" : T("serial");
      break;
    case ForKind::Parallel:
      prefix = T("parallel");
      break;
    case ForKind::Unrolled:
      prefix = T("unroll");
      break;
    case ForKind::Vectorized:
      prefix = T("vectorized");
      break;
    case ForKind::ThreadBinding:
      prefix = T("thread_binding");
      args.push_back("thread=\"" + loop->thread_tag + "\"");
      break;
  }
  if (!loop->annotations.empty()) args.push_back("annotations=" + Dict(loop->annotations));
  std::string call = prefix + "(";
  for (size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
  Line("for " + name + " in " + call + "):");
  loops_.push_back(loop);
  Indented([&] { PrintTir(loop->body); });
  loops_.pop_back();
  PopFrame();
}

void Printer::PrintIterVars(const BlockRealizeNode* realize) {
  const BlockNode& block = *realize->block;
  std::vector<size_t> group;
  auto remappable = [&](size_t i) {
    const IterVar& iv = block.iter_vars[i];
    if (iv->iter_type != ir::IterVarType::DataPar && iv->iter_type != ir::IterVarType::CommReduce) {
      return false;
    }
    const Expr& value = realize->iter_values[i];
    if (value.kind() != ir::ExprKind::Var) return false;
    for (const ForNode* loop : loops_) {
      if (loop->loop_var.same_as(value)) {
        return ir::StructuralEqual(loop->min, iv->dom.min) &&
               ir::StructuralEqual(loop->extent, iv->dom.extent);
      }
    }
    return false;
  };
  auto single = [&](size_t i) {
    const IterVar& iv = block.iter_vars[i];
    std::string kind = iv->iter_type == ir::IterVarType::DataPar      ? "spatial"
                       : iv->iter_type == ir::IterVarType::CommReduce ? "reduce"
                       : iv->iter_type == ir::IterVarType::Ordered    ? "scan"
                                                                      : "opaque";
    std::string dom =
        ir::is_zero(iv->dom.min)
            ? Str(iv->dom.extent)
            : "(" + Str(iv->dom.min) + ", " + Str(ir::add(iv->dom.min, iv->dom.extent)) + ")";
    std::string binding = Str(realize->iter_values[i]);
    Line(Define(iv->var.get(), iv->var.name()) + " = " + T("axis." + kind) + "(" + dom + ", " +
         binding + ")");
  };
  auto flush = [&] {
    if (group.size() == 1) single(group[0]);
    if (group.size() > 1) {
      std::string lhs, kinds, rhs;
      for (size_t k = 0; k < group.size(); ++k) {
        const IterVar& iv = block.iter_vars[group[k]];
        lhs += (k ? ", " : "") + Define(iv->var.get(), iv->var.name());
        kinds += iv->iter_type == ir::IterVarType::DataPar ? "S" : "R";
        rhs += (k ? ", " : "") + Str(realize->iter_values[group[k]]);
      }
      Line(lhs + " = " + T("axis.remap") + "(\"" + kinds + "\", [" + rhs + "])");
    }
    group.clear();
  };
  for (size_t i = 0; i < block.iter_vars.size(); ++i) {
    if (remappable(i)) {
      group.push_back(i);
    } else {
      flush();
      single(i);
    }
  }
  flush();
}

void Printer::PrintBlock(const BlockRealizeNode* realize) {
  const BlockNode& block = *realize->block;
  Line("with " + T(STir() ? "sblock" : "block") + "(\"" + block.name + "\"):");
  PushFrame();
  Indented([&] {
    PrintIterVars(realize);
    if (realize->predicate.defined() && !ir::is_one(realize->predicate)) {
      Line(T("where") + "(" + Str(realize->predicate) + ")");
    }
    std::string reads, writes;
    for (size_t i = 0; i < block.reads.size(); ++i)
      reads += (i ? ", " : "") + Region(block.reads[i]);
    for (size_t i = 0; i < block.writes.size(); ++i) {
      writes += (i ? ", " : "") + Region(block.writes[i]);
    }
    Line(T("reads") + "(" + reads + ")");
    Line(T("writes") + "(" + writes + ")");
    if (!block.annotations.empty()) {
      Line(T(STir() ? "sblock_attr" : "block_attr") + "(" + Dict(block.annotations) + ")");
    }
    for (const Buffer& b : block.alloc_buffers) {
      std::string rhs = AllocBuffer(b);
      Line(Define(b.get(), b->name) + " = " + rhs);
    }
    for (const MatchBufferRegion& m : block.match_buffers) {
      std::string lhs = Define(m.buffer.get(), m.buffer->name);
      Line(lhs + " = " + MatchBuffer(Region(m.source), m.buffer, m.attrs));
    }
    if (block.init.defined()) {
      Line("with " + T("init") + "():");
      PushFrame();
      Indented([&] { PrintIr(block.init); });
      PopFrame();
    } else if (block.init_nest) {
      Line("with " + T("init") + "():");
      PushFrame();
      Indented([&] { PrintTir(block.init_nest); });
      PopFrame();
    }
    PrintTir(block.body);
  });
  PopFrame();
}

bool IsConstShape(const Buffer& b) {
  for (const Expr& e : b->shape) {
    if (!ir::is_const(e)) return false;
  }
  return b->strides.empty() && b->scope == "global";
}

std::string Printer::Function(const PrimFunc& f) {
  PushFrame();
  for (const Buffer& b : f.params) data_owners_[b->data.get()] = b;
  PreOrderVisit(f.body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      for (const Buffer& b : r->block->alloc_buffers) data_owners_[b->data.get()] = b;
      for (const MatchBufferRegion& m : r->block->match_buffers)
        data_owners_[m.buffer->data.get()] = m.buffer;
    }
    return true;
  });
  std::vector<std::string> args, decls;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Buffer& b = f.params[i];
    BufferDeclAttrs attrs = i < f.param_attrs.size() ? f.param_attrs[i] : BufferDeclAttrs{};
    if (IsConstShape(b) && attrs == BufferDeclAttrs{} && b->axis_separators.empty()) {
      std::string name = Define(b.get(), b->name);
      args.push_back(name + ": " + T("Buffer") + "(" + Shape(b->shape) + ", \"" + b->dtype.str() +
                     "\")");
      continue;
    }
    // A symbolic shape: a handle parameter, the shape variables, then T.match_buffer; a
    // TVMScript parameter whose declaration the separators moved: <name>_handle.
    std::string handle =
        Define(b->data.get(), IsConstShape(b) && !b->axis_separators.empty() ? b->name + "_handle"
                                                                             : "var_" + b->name);
    args.push_back(handle + ": " + T("handle"));
    for (const Expr& dim : b->shape) {
      if (dim.kind() != ir::ExprKind::Var || names_.count(dim.get())) continue;
      Var v = Var::from(dim);
      std::string kw = v->is_size_var ? "is_size_var=True" : "";
      decls.push_back(Define(v.get(), v.name()) + " = " + T(v.dtype().str()) + "(" + kw + ")");
    }
    std::string lhs = Define(b.get(), b->name);
    decls.push_back(lhs + " = " + MatchBuffer(handle, b, attrs));
  }
  indent_ = 1;
  if (f.noalias) {
    Line(T("func_attr") +
         (STir() ? "({\"tirx.noalias\": True})" : "({\"tir.noalias\": T.bool(True)})"));
  }
  for (const std::string& d : decls) Line(d);
  const BlockRealizeNode* root = RootRealize(f);
  bool implicit_root = root && root->iter_values.empty() && ir::is_one(root->predicate) &&
                       root->block->annotations.empty() && root->block->reads.empty() &&
                       root->block->writes.empty() && !HasInit(*root->block);
  if (implicit_root) {
    bool has_block = false;
    PreOrderVisit(root->block->body, [&](const StmtNode* n) {
      has_block = has_block || n->kind == StmtKind::BlockRealize;
      return !has_block;
    });
    implicit_root = has_block || !root->block->alloc_buffers.empty();
  }
  if (implicit_root) {
    Line(std::string("# with ") + T(STir() ? "sblock" : "block") + "(\"root\"):");
    for (const Buffer& b : root->block->alloc_buffers) {
      std::string rhs = AllocBuffer(b);
      Line(Define(b.get(), b->name) + " = " + rhs);
    }
    PrintTir(root->block->body);
  } else {
    PrintTir(f.body);
  }
  std::string body = out_;
  std::string header = std::string("# from tvm.script import ") + (STir() ? "tirx" : "tir") +
                       " as T\n\n@T.prim_func\ndef " + f.name + "(";
  for (size_t i = 0; i < args.size(); ++i) header += (i ? ", " : "") + args[i];
  header += "):\n";
  if (body.empty()) body = "    pass\n";
  PopFrame();
  std::string text = header + body;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text;
}

}  // namespace script_printer_detail

std::string AsTVMScript(const PrimFunc& func, TvmDialect dialect) {
  return script_printer_detail::Printer(dialect).Function(func);
}

std::string ExprToTVMScript(const Expr& e) {
  return script_printer_detail::Printer(TvmDialect::Tir).Print(e).text;
}

}  // namespace tessera::tir
