#include "tir/ScriptPrinter.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <unordered_map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"
#include "tir/FunctionParams.h"
#include "tir/ScriptText.h"

namespace tessera::tir {

namespace script_printer_detail {

using namespace script_text;

class Printer : public ScriptWriter {
 public:
  explicit Printer(TvmDialect dialect) : ScriptWriter(EmptyName::Keep), dialect_(dialect) {}

  std::string Function(const PrimFunc& f);

 protected:
  std::optional<Doc> PrintOwn(const Expr& e) override;
  // A buffer's data pointer (an opaque call's argument) prints as TVM prints it, `A.data`.
  std::string VarText(const Var& v) const override {
    auto owner = data_owners_.find(v.get());
    if (!Defined(v.get()) && owner != data_owners_.end() && Defined(owner->second.get()))
      return BufferName(owner->second) + ".data";
    return NameOf(v.get(), v.name());
  }
  std::string LoadText(const ir::BufferLoadNode* load) override {
    return BufferName(load->buffer) + "[" + Indices(load->indices) + "]";
  }

 private:
  std::string BufferName(const Buffer& b) const { return NameOf(b.get(), b->name); }
  bool STir() const { return dialect_ == TvmDialect::STir; }

  // A 0-d buffer's element is `C[()]`, as TVM prints it.
  std::string Indices(const std::vector<Expr>& indices) {
    if (indices.empty()) return "()";
    std::string s;
    for (size_t i = 0; i < indices.size(); ++i) {
      s += i ? ", " : "";
      // A vector access prints as the slice it was written as (TVM's BufferIndices).
      const auto* ramp = indices[i].as<ir::RampNode>();
      const int64_t* stride = ramp ? ir::as_const_int(ramp->stride) : nullptr;
      if (!stride) {
        s += Str(indices[i]);
        continue;
      }
      Expr stop = ir::add(ramp->base, ir::mul(Expr(ramp->lanes), ramp->stride));
      s += Str(ramp->base) + ":" + Str(stop) + (*stride == 1 ? "" : ":" + Str(ramp->stride));
    }
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

  // ---- statements ----
  // Whether the statement being printed ends its body (TVM's allow_concise_scoping).
  bool last_in_body_ = true;
  void PrintTir(const Stmt& s);
  void PrintLoop(const ForNode* loop);
  void PrintBlock(const BlockRealizeNode* realize);
  void PrintIterVars(const BlockRealizeNode* realize);
  void PrintIr(const ir::Stmt& s);
  void PrintAttr(const ir::AttrStmtNode* attr);
  // A statement's body, indented: its last statement may scope the rest concisely.
  void NestedBody(const std::function<void()>& body);
  // Statements 0..n-1 of a sequence, the last one ending the body if the sequence does.
  void InSequence(size_t n, const std::function<void(size_t)>& print);
  // `name = T.alloc_buffer(...)` with the lines defining its variables before it.
  void AllocBufferLines(const Buffer& b);
  std::string AxisSeparators(const Buffer& b);
  // T.func_attr({...}): the attributes with tir.noalias, keys sorted as TVM prints a Map.
  std::string FuncAttr(const PrimFunc& f);
  // Variables a buffer declaration defines on a line before it (`n, m = T.int32(),
  // T.int32()`).
  struct VarDefs {
    std::vector<std::string> names, values;
    void Define(const std::string& name, const Var& v);
    // The line defining the variables, if any, then `lhs = rhs`.
    std::vector<std::string> Lines(const std::string& lhs, const std::string& rhs) const;
  };
  std::string MatchBuffer(const std::string& source, const Buffer& b, const std::string& name,
                          const BufferDeclAttrs& attrs, VarDefs* defs);
  // The keywords of a buffer declaration after its shape: `, "int8", strides=(...), ...`.
  std::string BufferKeywords(const Buffer& b, const std::string& name, const BufferDeclAttrs& attrs,
                             VarDefs* defs);

  TvmDialect dialect_;
  std::unordered_map<const void*, Buffer> data_owners_;  // data variable -> its buffer
  std::vector<const ForNode*> loops_;                    // enclosing loops, outermost first
};

// A list-valued annotation (`[1, 2]`) and the negation of a constant (`T.Not(1)`), as
// TVM prints them in a scheduled function.
std::optional<Doc> Printer::PrintOwn(const Expr& e) {
  if (const auto* n = e.as<ir::NotNode>(); n && n->a.kind() == ir::ExprKind::IntImm)
    return Doc{T("Not") + "(" + Str(n->a) + ")", kAtom};
  if (auto entries = AnnotationDictEntries(e)) {
    std::string dict;
    for (const auto& [key, value] : *entries)
      dict += (dict.empty() ? "{" : ", ") + Str(ir::StringImm(key)) + ": " + Str(value);
    return Doc{(dict.empty() ? "{" : dict) + "}", kAtom};
  }
  if (const auto* n = e.as<ir::CallNode>(); n && n->op == kAnnotationList) {
    std::string list = "[";
    for (size_t i = 0; i < n->args.size(); ++i) list += (i ? ", " : "") + Str(n->args[i]);
    return Doc{list + "]", kAtom};
  }
  return std::nullopt;
}

void Printer::VarDefs::Define(const std::string& name, const Var& v) {
  names.push_back(name);
  values.push_back(T(v.dtype().str()) + "(" + (v->is_size_var ? "is_size_var=True" : "") + ")");
}

std::vector<std::string> Printer::VarDefs::Lines(const std::string& lhs,
                                                 const std::string& rhs) const {
  std::vector<std::string> lines;
  if (!names.empty()) lines.push_back(CommaJoined(names) + " = " + CommaJoined(values));
  lines.push_back(lhs + " = " + rhs);
  return lines;
}

// T.match_buffer(source, shape, dtype, strides=, elem_offset=, scope=, align=,
// offset_factor=) with the keywords TVM prints: those that differ from a buffer's defaults.
// A new variable as a stride or as the offset is defined by the declaration itself
// (printed `A.strides[0]`, `A.elem_offset` from then on) when the declaration uses it
// once, else on a line before it; a new offset variable is why offset_factor is printed.
std::string Printer::MatchBuffer(const std::string& source, const Buffer& b,
                                 const std::string& name, const BufferDeclAttrs& attrs,
                                 VarDefs* defs) {
  return T("match_buffer") + "(" + source + ", " + Shape(b->shape) +
         BufferKeywords(b, name, attrs, defs) + ")";
}

std::string Printer::BufferKeywords(const Buffer& b, const std::string& name,
                                    const BufferDeclAttrs& attrs, VarDefs* defs) {
  std::unordered_map<const void*, int> uses;
  auto count = [&](const Expr& e) {
    if (!e.defined()) return;
    ir::PostOrderVisit(e, [&](const Expr& x) {
      if (x.kind() == ir::ExprKind::Var) ++uses[x.get()];
    });
  };
  count(b->elem_offset);
  for (const Expr& e : b->strides) count(e);
  for (const Expr& e : b->shape) count(e);
  auto is_new = [&](const Expr& e) {
    return e.defined() && e.kind() == ir::ExprKind::Var && !Defined(e.get());
  };
  // Defined by the declaration (true), or on the line before it.
  auto define = [&](const Expr& e, const std::string& inline_text) {
    Var v = Var::from(e);
    if (uses[e.get()] == 1) {
      DefineAs(e.get(), inline_text);
      return true;
    }
    defs->Define(ScriptWriter::Define(e.get(), v.name()), v);
    return false;
  };
  std::string s;
  if (b->dtype != DataType::Float(32)) s += ", \"" + b->dtype.str() + "\"";
  if (!b->strides.empty()) {
    std::string strides;
    for (size_t i = 0; i < b->strides.size(); ++i) {
      const Expr& e = b->strides[i];
      strides += i ? ", " : "";
      if (is_new(e) && define(e, name + ".strides[" + std::to_string(i) + "]")) {
        strides += "\"" + Var::from(e).name() + "\"";
      } else {
        strides += Str(e);
      }
    }
    s += ", strides=(" + strides + (b->strides.size() == 1 ? ",)" : ")");
  }
  const Expr& offset = b->elem_offset;
  // A declared offset_factor without an offset is TVM's implied offset variable (the
  // buffers Tessera builds itself carry the factor only).
  bool offset_variable = !offset.defined() && attrs.offset_factor != 0;
  if (offset.defined() && offset.kind() == ir::ExprKind::IntImm) {
    if (!ir::is_zero(offset)) s += ", elem_offset=" + Str(offset);
  } else if (is_new(offset)) {
    // TVM prints no elem_offset= even when the variable is defined before the line.
    define(offset, name + ".elem_offset");
    offset_variable = true;
  } else if (offset.defined()) {
    s += ", elem_offset=" + Str(offset);
  }
  if (b->scope != "global") s += ", scope=\"" + b->scope + "\"";
  if (attrs.align != BufferDeclAttrs{}.align) s += ", align=" + std::to_string(attrs.align);
  // A Buffer's offset_factor is at least 1 in TVM.
  int64_t offset_factor = std::max<int64_t>(attrs.offset_factor, 1);
  if (offset_variable || offset_factor != 1)
    s += ", offset_factor=" + std::to_string(offset_factor);
  return s + AxisSeparators(b);
}

void Printer::AllocBufferLines(const Buffer& b) {
  std::string lhs = Define(b.get(), b->name);
  VarDefs defs;
  std::string rhs = T(STir() ? "sblock_alloc_buffer" : "alloc_buffer") + "(" + Shape(b->shape) +
                    BufferKeywords(b, lhs, BufferDeclAttrs{}, &defs) + ")";
  for (const std::string& line : defs.Lines(lhs, rhs)) Line(line);
}

std::string Printer::FuncAttr(const PrimFunc& f) {
  if (f.attrs.empty()) return NoAliasAttr(STir());
  std::map<std::string, std::string> items;
  for (const auto& [key, value] : f.attrs) items[key] = Str(value);
  if (f.noalias) items[STir() ? "tirx.noalias" : "tir.noalias"] = STir() ? "True" : "T.bool(True)";
  std::string dict;
  for (const auto& [key, value] : items)
    dict += (dict.empty() ? "\"" : ", \"") + key + "\": " + value;
  return T("func_attr") + "({" + dict + "})";
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
    InSequence(seq->seq.size(), [&](size_t i) { PrintIr(seq->seq[i]); });
  } else if (const auto* ite = s.as<ir::IfThenElseNode>()) {
    Line("if " + Str(ite->condition) + ":");
    NestedBody([&] { PrintIr(ite->then_case); });
    if (ite->else_case.defined()) {
      Line("else:");
      NestedBody([&] { PrintIr(ite->else_case); });
    }
  } else if (const auto* let = s.as<ir::LetStmtNode>()) {
    PushFrame();
    LetLine(let);
    PrintIr(let->body);
    PopFrame();
  } else if (const auto* loop = s.as<ir::ForNode>()) {
    PushFrame();
    std::string name = Define(loop->loop_var.get(), loop->loop_var.name());
    Line("for " + name + " in " +
         LoopIterable(loop->for_kind, loop->min, loop->extent, loop->annotations, std::nullopt) +
         ":");
    NestedBody([&] { PrintIr(loop->body); });
    PopFrame();
  } else if (const auto* attr = s.as<ir::AttrStmtNode>()) {
    PrintAttr(attr);
  } else if (const auto* ev = s.as<ir::EvaluateNode>()) {
    EvaluateLine(ev);
  } else {
    CommentLines(s);
  }
}

// T.launch_thread for a thread's extent (the variable named after the thread's tag when
// the body defines it), T.attr for any other attribute; `x = T.launch_thread(...)` and
// the body after it when the statement ends its body, `with ... as x:` else (TVM's
// concise scoping).
void Printer::PrintAttr(const ir::AttrStmtNode* attr) {
  PushFrame();
  std::string lhs, rhs;
  if (const ir::IterVar* thread = ir::LaunchedThread(*attr)) {
    const Var& v = (*thread)->var;
    std::string launched = NameOf(v.get(), v.name());
    if (!Defined(v.get())) {
      lhs = Define(v.get(), v.name());
      launched = "\"" + (*thread)->thread_tag + "\"";
    }
    rhs = T("launch_thread") + "(" + launched + ", " + Str(attr->value) + ")";
  } else {
    std::string node = "None";
    if (const Expr* e = std::get_if<Expr>(&attr->node)) node = Str(*e);
    if (const ir::IterVar* iv = std::get_if<ir::IterVar>(&attr->node); iv && *iv)
      node = NameOf((*iv)->var.get(), (*iv)->var.name());
    if (const Buffer* b = std::get_if<Buffer>(&attr->node)) node = BufferName(*b);
    if (const std::string* text = std::get_if<std::string>(&attr->node))
      node = Str(ir::StringImm(*text));
    rhs = T("attr") + "(" + node + ", \"" + attr->key + "\", " + Str(attr->value) + ")";
  }
  if (last_in_body_) {
    Line(lhs.empty() ? rhs : lhs + " = " + rhs);
    PrintIr(attr->body);
  } else {
    Line("with " + rhs + (lhs.empty() ? "" : " as " + lhs) + ":");
    NestedBody([&] { PrintIr(attr->body); });
  }
  PopFrame();
}

void Printer::InSequence(size_t n, const std::function<void(size_t)>& print) {
  const bool outer = last_in_body_;
  for (size_t i = 0; i < n; ++i) {
    last_in_body_ = outer && i + 1 == n;
    print(i);
  }
  last_in_body_ = outer;
}

void Printer::NestedBody(const std::function<void()>& body) {
  const bool outer = last_in_body_;
  last_in_body_ = true;
  Indented(body);
  last_in_body_ = outer;
}

void Printer::PrintTir(const Stmt& s) {
  if (const auto* c = As<ComputeNode>(s)) {
    PrintIr(c->stmt);
  } else if (const auto* seq = As<SeqNode>(s)) {
    InSequence(seq->seq.size(), [&](size_t i) { PrintTir(seq->seq[i]); });
  } else if (const auto* loop = As<ForNode>(s)) {
    PrintLoop(loop);
  } else if (const auto* realize = As<BlockRealizeNode>(s)) {
    PrintBlock(realize);
  }
}

void Printer::PrintLoop(const ForNode* loop) {
  std::vector<const ForNode*> grid =
      GridChain(loop, [](const ForNode* l) { return As<ForNode>(l->body); });
  PushFrame();
  if (grid.size() > 1) {
    Line(GridLine(grid));
    loops_.insert(loops_.end(), grid.begin(), grid.end());
    NestedBody([&] { PrintTir(grid.back()->body); });
    loops_.resize(loops_.size() - grid.size());
    PopFrame();
    return;
  }
  std::string name = Define(loop->loop_var.get(), loop->loop_var.name());
  Line("for " + name + " in " +
       LoopIterable(loop->for_kind, loop->min, loop->extent, loop->annotations, loop->thread_tag) +
       ":");
  loops_.push_back(loop);
  NestedBody([&] { PrintTir(loop->body); });
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
  NestedBody([&] {
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
      AllocBufferLines(b);
    }
    for (const MatchBufferRegion& m : block.match_buffers) {
      std::string source = Region(m.source);
      std::string lhs = Define(m.buffer.get(), m.buffer->name);
      VarDefs defs;
      std::string rhs = MatchBuffer(source, m.buffer, lhs, m.attrs, &defs);
      for (const std::string& line : defs.Lines(lhs, rhs)) Line(line);
    }
    if (block.init.defined()) {
      Line("with " + T("init") + "():");
      PushFrame();
      NestedBody([&] { PrintIr(block.init); });
      PopFrame();
    } else if (block.init_nest) {
      Line("with " + T("init") + "():");
      PushFrame();
      NestedBody([&] { PrintTir(block.init_nest); });
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

// Whether TVM writes the parameter as a `T.Buffer(shape, dtype)` annotation (its
// IsSimpleBuffer): a constant shape, no strides, offset 0 (not a variable), the default
// alignment and offset_factor, no axis separators.
bool IsSimpleParam(const Buffer& b, const BufferDeclAttrs& attrs) {
  // An offset_factor without an offset is an offset variable (BufferKeywords).
  const bool at_zero =
      b->elem_offset.defined() ? ir::is_zero(b->elem_offset) : attrs.offset_factor == 0;
  return IsConstShape(b) && at_zero && attrs.align == BufferDeclAttrs{}.align &&
         attrs.offset_factor <= 1 && b->axis_separators.empty();
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
  // Scalars are named first: a buffer shape that uses one then needs no declaration.
  std::map<const ScalarParam*, std::string> scalars;
  for (const ScalarParam& p : f.scalar_params)
    scalars[&p] = Define(p.var.get(), p.var.name()) + ": " + T(p.var.dtype().str());
  for (const FunctionParam& param : ParamsInOrder(f)) {
    if (param.scalar) {
      args.push_back(scalars[param.scalar]);
      continue;
    }
    size_t i = param.buffer_index;
    const Buffer& b = f.params[i];
    BufferDeclAttrs attrs = i < f.param_attrs.size() ? f.param_attrs[i] : BufferDeclAttrs{};
    if (IsSimpleParam(b, attrs)) {
      std::string name = Define(b.get(), b->name);
      args.push_back(name + ": " + T("Buffer") + "(" + Shape(b->shape) + ", \"" + b->dtype.str() +
                     "\")");
      continue;
    }
    // A symbolic shape: a handle parameter, the shape variables, then T.match_buffer; a
    // TVMScript parameter whose declaration the separators moved: <name>_handle. A handle
    // the source named keeps its name.
    std::string given = i < f.handle_names.size() ? f.handle_names[i] : "";
    std::string handle =
        Define(b->data.get(), !given.empty()                                   ? given
                              : IsConstShape(b) && !b->axis_separators.empty() ? b->name + "_handle"
                                                                               : "var_" + b->name);
    args.push_back(handle + ": " + T("handle"));
    // The variables the declaration defines, on one line as TVM prints them
    // (`M, K = T.int32(), T.int32()`).
    VarDefs defs;
    for (const Expr& dim : b->shape) {
      if (dim.kind() != ir::ExprKind::Var || Defined(dim.get())) continue;
      Var v = Var::from(dim);
      defs.Define(Define(v.get(), v.name()), v);
    }
    std::string lhs = Define(b.get(), b->name);
    std::string rhs = MatchBuffer(handle, b, lhs, attrs, &defs);
    for (std::string& line : defs.Lines(lhs, rhs)) decls.push_back(std::move(line));
  }
  indent_ = 1;
  if (f.noalias || !f.attrs.empty()) Line(FuncAttr(f));
  for (const std::string& d : decls) Line(d);
  const BlockRealizeNode* root = RootRealize(f);
  bool implicit_root = root && root->iter_values.empty() && ir::is_one(root->predicate) &&
                       root->block->annotations.empty() && root->block->reads.empty() &&
                       root->block->writes.empty() && !HasInit(*root->block);
  if (implicit_root) {
    // TVM's rule: the root stays implicit when it allocates, or when its body is a block
    // with iterators, or (not a block itself) holds one; a root whose body is one block
    // without iterators (loop_partition's common block) is written out.
    bool has_block = false;
    PreOrderVisit(root->block->body, [&](const StmtNode* n) {
      has_block = has_block || n->kind == StmtKind::BlockRealize;
      return !has_block;
    });
    if (const auto* only = As<BlockRealizeNode>(root->block->body))
      has_block = !only->block->iter_vars.empty();
    implicit_root =
        (has_block || !root->block->alloc_buffers.empty()) && root->block->match_buffers.empty();
  }
  if (implicit_root) {
    Line(std::string("# with ") + T(STir() ? "sblock" : "block") + "(\"root\"):");
    for (const Buffer& b : root->block->alloc_buffers) {
      AllocBufferLines(b);
    }
    PrintTir(root->block->body);
  } else {
    PrintTir(f.body);
  }
  std::string body = out_;
  std::string header = std::string("# from tvm.script import ") + (STir() ? "tirx" : "tir") +
                       " as T\n\n@T.prim_func\ndef " + f.name + "(";
  header += CommaJoined(args) + "):\n";
  if (body.empty()) body = "    pass\n";
  PopFrame();
  return TrimmedEnd(header + body);
}

}  // namespace script_printer_detail

std::string AsTVMScript(const PrimFunc& func, TvmDialect dialect) {
  return script_printer_detail::Printer(dialect).Function(func);
}

std::string ExprToTVMScript(const Expr& e) {
  return script_printer_detail::Printer(TvmDialect::Tir).Print(e).text;
}

}  // namespace tessera::tir
