// A @T.prim_func's parameters, function-level declarations and statements: loops, stores,
// `if`, T.evaluate. Blocks are TVMScriptBlock.cpp's, expressions TVMScriptExpr.cpp's.
#include "script/tvm/script/TVMScriptParser.h"

#include <map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "script/lang/Args.h"
#include "script/lang/Operators.h"
#include "script/tvm/script/TVMScriptParserInternal.h"
#include "tir/BlockAccessRegion.h"

namespace tessera::script {

namespace tvmscript {

namespace {

const char* const kBufferParams[] = {"shape",       "dtype",          "data",  "strides",
                                     "elem_offset", "scope",          "align", "offset_factor",
                                     "buffer_type", "axis_separators"};

std::vector<std::string> BufferParams(bool with_handle) {
  std::vector<std::string> params;
  if (with_handle) params.push_back("param");
  for (const char* p : kBufferParams) params.push_back(p);
  return params;
}

bool ContainsBlock(const tir::Stmt& s) {
  bool found = false;
  tir::PreOrderVisit(s, [&](const tir::StmtNode* n) {
    found = found || n->kind == tir::StmtKind::BlockRealize;
    return !found;
  });
  return found;
}

}  // namespace

Result<std::vector<Expr>> ShapeFromValue(const Value& v, const SourceLoc& loc) {
  std::vector<Value> dims = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<Expr> shape;
  for (const Value& d : dims) {
    std::optional<Expr> e = d.is_string() || d.is_bool() ? std::nullopt : ToExpr(d);
    if (!e || !e->dtype().is_int())
      return Error("a buffer's shape must be integers or integer expressions, not " + d.type_name(),
                   loc);
    if (const int64_t* c = ir::as_const_int(*e); c && *c < 0)
      return Error("a buffer's shape must not be negative (" + std::to_string(*c) + ")", loc);
    shape.push_back(*e);
  }
  return shape;
}

namespace {

// A buffer's strides= as expressions: integers, integer expressions, variables, and
// strings, which name new variables (TVMScript's `strides=("A_s0", "A_s1")`).
Result<std::vector<Expr>> StridesFromValue(const Value& v, const SourceLoc& loc) {
  std::vector<Expr> strides;
  for (const Value& item : v.is_sequence() ? v.items() : std::vector<Value>{v}) {
    if (item.is_string()) {
      strides.push_back(ir::Var(item.as_string(), ir::DataType::Int(32)));
      continue;
    }
    std::optional<Expr> e = item.is_bool() ? std::nullopt : ToExpr(item);
    if (!e || !e->dtype().is_int())
      return Error("a buffer's strides must be integers, integer expressions or names, not " +
                       item.type_name(),
                   loc);
    strides.push_back(*e);
  }
  return strides;
}

// An allocation's align= and offset_factor= as TVM's tests write them (`elem_offset=0,
// align=64, offset_factor=1`): accepted where they leave the buffer TVM builds as Tessera
// allocates it, at the default alignment and a constant offset; refused otherwise.
Status AllocationAttrs(const Args& args) {
  if (args.has("align") && !args.get("align").is_none()) {
    auto align = args.Int("align");
    if (!align) return align.error();
    if (*align != 64)
      return args.ErrorAt("align", args.function() + "(align=" + std::to_string(*align) +
                                       "): Tessera allocates at TVM's default alignment, 64");
  }
  if (args.has("offset_factor") && !args.get("offset_factor").is_none()) {
    auto factor = args.Int("offset_factor");
    if (!factor) return factor.error();
    const bool constant_offset = args.has("elem_offset") && args.get("elem_offset").is_integer() &&
                                 !args.get("elem_offset").is_bool();
    if (*factor < 0 || *factor > 1 || (*factor == 1 && !constant_offset))
      return args.ErrorAt("offset_factor",
                          args.function() + "(offset_factor=" + std::to_string(*factor) +
                              "): an allocation starts at a constant offset here (write "
                              "elem_offset=0 with offset_factor=1, or leave both out)");
  }
  return Status::Ok();
}

}  // namespace

Result<Buffer> Translator::BufferFromArgs(const Args& args, const std::string& name,
                                          tir::BufferDeclAttrs* attrs, bool allocated) {
  for (const char* p : {"data", "buffer_type"}) {
    if (args.has(p) && !args.get(p).is_none() &&
        !(std::string(p) == "buffer_type" && args.get(p).is_string() &&
          args.get(p).as_string() == "default"))
      return args.ErrorAt(p,
                          args.function() + "(" + p + "=...) is not supported in TVMScript here");
  }
  if (allocated && !attrs) {
    if (Status s = AllocationAttrs(args); !s) return s.error();
  } else {
    for (const char* p : {"offset_factor", "align"}) {
      if (!args.has(p) || args.get(p).is_none() || attrs) continue;
      return args.ErrorAt(p,
                          args.function() + "(" + p + "=...) is not supported in TVMScript here");
    }
  }
  for (const char* p : {"offset_factor", "align"}) {
    if (!attrs || !args.has(p) || args.get(p).is_none()) continue;
    auto v = args.Int(p);
    if (!v) return v.error();
    if (*v < 0) return args.ErrorAt(p, std::string(p) + " must not be negative");
    (std::string(p) == "align" ? attrs->align : attrs->offset_factor) = *v;
  }
  if (!args.has("shape") || args.get("shape").is_none())
    return Error(args.function() + "(): the shape must be given", args.call().loc);
  auto shape = ShapeFromValue(args.get("shape"), args.loc("shape"));
  if (!shape) return shape.error();
  ir::DataType dtype = ir::DataType::Float(32);
  if (args.has("dtype")) {
    auto name_or = args.String("dtype");
    if (!name_or) return name_or.error();
    auto t = ir::DataType::parse(*name_or);
    if (!t) return args.ErrorAt("dtype", "unknown dtype \"" + *name_or + "\"");
    dtype = *t;
  }
  std::string scope = "global";
  if (args.has("scope")) {
    auto s = args.String("scope");
    if (!s) return s.error();
    scope = *s;
  }
  Buffer buffer = ir::MakeBuffer(name, dtype, std::move(*shape), scope);
  if (args.has("axis_separators") && !args.get("axis_separators").is_none()) {
    // The separators group the axes, as TVM's Buffer checks them: in 0..ndim and not
    // decreasing (a view of rank 0 of a separated buffer has [0]).
    const Value& v = args.get("axis_separators");
    std::vector<int> separators;
    int previous = 0;
    const int ndim = static_cast<int>(buffer->shape.size());
    for (const Value& item : v.is_sequence() ? v.items() : std::vector<Value>{v}) {
      if (!item.is_integer() || item.is_bool() || item.as_int() < previous || item.as_int() > ndim)
        return args.ErrorAt("axis_separators", "axis_separators must be integers in 0.." +
                                                   std::to_string(ndim) + " that do not decrease");
      previous = static_cast<int>(item.as_int());
      separators.push_back(previous);
    }
    auto n = std::make_shared<ir::BufferNode>(*buffer);
    n->axis_separators = std::move(separators);
    buffer = n;
  }
  auto n = std::make_shared<ir::BufferNode>(*buffer);
  if (args.has("strides") && !args.get("strides").is_none()) {
    auto strides = StridesFromValue(args.get("strides"), args.loc("strides"));
    if (!strides) return strides.error();
    // An allocation's strides may be fewer (cache_index declares strides=(1,) at any
    // rank); lowering lays allocations out compactly, as TVM's CompactBufferAllocation.
    if (!allocated && strides->size() != n->shape.size())
      return args.ErrorAt("strides", "a buffer of rank " + std::to_string(n->shape.size()) +
                                         " has " + std::to_string(n->shape.size()) +
                                         " strides, not " + std::to_string(strides->size()));
    // A variable given twice is named after its last place, as renaming it twice does.
    std::map<const ir::ExprNode*, size_t> last_place;
    for (size_t i = 0; i < strides->size(); ++i) last_place[(*strides)[i].get()] = i;
    std::map<const ir::ExprNode*, Expr> renamed;
    for (Expr& stride : *strides) {
      const auto* var = stride.as<ir::VarNode>();
      if (!var || DeclaresParameters(var)) continue;
      auto [it, fresh] = renamed.emplace(stride.get(), Expr());
      if (fresh) {
        it->second = ir::Var(name + "_s" + std::to_string(last_place[stride.get()]), var->dtype);
        Rebind(stride, it->second);
      }
      stride = it->second;
    }
    n->strides = std::move(*strides);
  }
  const ir::DataType offset_type = n->shape.empty() ? ir::DataType::Int(32) : n->shape[0].dtype();
  if (args.has("elem_offset") && !args.get("elem_offset").is_none()) {
    const Value& v = args.get("elem_offset");
    std::optional<Expr> e = v.is_bool() || v.is_string() ? std::nullopt : ToExpr(v);
    if (!e || !e->dtype().is_int())
      return args.ErrorAt("elem_offset",
                          "elem_offset must be an integer or an integer "
                          "expression, not " +
                              v.type_name());
    n->elem_offset = *e;
  } else if (attrs && attrs->offset_factor != 0) {
    // Where the view starts is a variable the match binds, as TVM declares it.
    n->elem_offset = ir::Var(name + "_elem_offset", offset_type);
  }
  return Buffer(n);
}

bool Translator::DeclaresParameters(const ir::VarNode* var) const {
  for (const tir::ScalarParam& p : scalar_params_)
    if (p.var.get() == var) return true;
  for (const Buffer& b : params_) {
    if (!b) continue;
    for (const auto* exprs : {&b->shape, &b->strides})
      for (const Expr& e : *exprs)
        if (ir::UsesVar(e, [&](const ir::VarNode* v) { return v == var; })) return true;
  }
  return false;
}

void Translator::Rebind(const Expr& from, const Expr& to) {
  for (auto& frame : frames_)
    for (auto& [name, value] : frame)
      if (value.is_expr() && value.as_expr().get() == from.get()) value = Value::FromExpr(to);
}

Result<Buffer> Translator::BufferAnnotation(const AstExpr& ann, const std::string& name,
                                            tir::BufferDeclAttrs* attrs) {
  CallArgs call;
  if (ann.kind == AstKind::Subscript) {
    // T.Buffer[(128, 128), "float32"]: the spelling of TVM before 0.10.
    call.loc = ann.loc;
    for (const AstPtr& item : ann.items) {
      auto v = Eval(*item);
      if (!v) return v.error();
      call.positional.push_back(std::move(v.value()));
      call.positional_locs.push_back(item->loc);
    }
  } else {
    auto args = EvalCallArgs(ann);
    if (!args) return args.error();
    call = std::move(args.value());
  }
  Args args(call, "T.Buffer", BufferParams(false), 1);
  if (!args.status()) return args.status().error();
  // A parameter in another scope ("shared", "local") is a tensor intrinsic's operand;
  // lowering a kernel with one is refused there.
  return BufferFromArgs(args, name, attrs);
}

namespace {

// T.int32() makes an unnamed variable; assigned, it takes the target's name, as TVM's
// parser names it.
std::optional<Value> NamedVariable(const std::string& name, const Value& v) {
  if (!v.is_expr()) return std::nullopt;
  const auto* var = v.as_expr().as<ir::VarNode>();
  if (!var || !var->name.empty()) return std::nullopt;
  return Value::FromExpr(var->is_size_var ? ir::SizeVar(name, var->dtype)
                                          : ir::Var(name, var->dtype));
}

}  // namespace

bool Translator::DefineShapeVariables(const AstExpr& target, const Value& v) {
  if (target.kind == AstKind::Name) {
    auto named = NamedVariable(target.text, v);
    if (named) Define(target.text, *named);
    return named.has_value();
  }
  if ((target.kind != AstKind::Tuple && target.kind != AstKind::List) || !v.is_sequence() ||
      v.items().size() != target.items.size())
    return false;
  std::vector<std::pair<std::string, Value>> named;
  for (size_t i = 0; i < target.items.size(); ++i) {
    if (target.items[i]->kind != AstKind::Name) return false;
    auto var = NamedVariable(target.items[i]->text, v.items()[i]);
    if (!var) return false;
    named.emplace_back(target.items[i]->text, *var);
  }
  for (const auto& [name, value] : named) Define(name, value);
  return true;
}

Status Translator::Parameter(const AstParam& p) {
  if (p.kind != ParamKind::Positional)
    return Error("only plain parameters are allowed in a @T.prim_func", p.loc);
  if (p.default_value)
    return Error("parameter defaults are not supported in TVMScript", p.default_value->loc);
  if (!p.annotation) return Error("Type annotation required for function parameters.", p.loc);
  const AstExpr& ann = *p.annotation;
  const AstExpr& head =
      ann.kind == AstKind::Call || ann.kind == AstKind::Subscript ? *ann.object : ann;
  auto t = TNameOf(head);
  if (!t)
    return Error("a parameter's annotation must be T.Buffer(shape, dtype) or T.handle, not " +
                     to_source(ann),
                 ann.loc);
  if (t->name == "handle" && ann.kind != AstKind::Subscript) {
    auto handle = std::make_shared<HandleObject>();
    handle->name = p.name;
    handle->param_index = params_.size();
    handle_locs_.push_back(p.loc);
    params_.push_back(nullptr);
    param_attrs_.emplace_back();
    handle_names_.push_back(p.name);
    Define(p.name, Value::FromObject(handle));
    return Status::Ok();
  }
  if (t->name == "Buffer" && ann.kind != AstKind::Attribute) {
    tir::BufferDeclAttrs attrs;
    auto buffer = BufferAnnotation(ann, p.name, &attrs);
    if (!buffer) return buffer.error();
    params_.push_back(*buffer);
    param_attrs_.push_back(attrs);
    // TVM's parser gives a T.Buffer parameter the handle <name>_handle, which the printer
    // shows when the buffer cannot be written as a T.Buffer annotation.
    handle_names_.push_back(p.name + "_handle");
    handle_locs_.push_back(p.loc);
    Define(p.name, Value::FromObject(std::make_shared<BufferObject>(*buffer)));
    return Status::Ok();
  }
  if (auto dtype = ir::DataType::parse(t->name); dtype && ann.kind == AstKind::Attribute) {
    if (dtype->is_handle()) return Error("a handle parameter is written T.handle", ann.loc);
    ir::Var var(p.name, *dtype);
    scalar_params_.push_back({var, params_.size() + scalar_params_.size()});
    Define(p.name, Value::FromExpr(var));
    return Status::Ok();
  }
  return Error(to_source(ann) + " is not supported as a parameter's annotation in TVMScript",
               ann.loc);
}

Status Translator::MatchBuffer(const AstStmt& s, const AstExpr& call, BlockFrame* block) {
  const AstExpr& target = *s.target_exprs[0];
  if (target.kind != AstKind::Name)
    return Error("T.match_buffer's result must be assigned to one name", target.loc);
  if (block) {
    if (call.items.empty() || call.items[0]->kind == AstKind::Starred)
      return Error("T.match_buffer in a block takes the region it views first (A[vi, 0:4])",
                   call.loc);
    auto source = Region(*call.items[0]);
    if (!source) return source.error();
    AstExpr rest = call;  // the buffer's own arguments: shape, dtype, offset_factor, ...
    rest.items.erase(rest.items.begin());
    auto evaluated = EvalCallArgs(rest);
    if (!evaluated) return evaluated.error();
    Args args(*evaluated, "T.match_buffer", BufferParams(false), 1);
    if (!args.status()) return args.status().error();
    tir::BufferDeclAttrs attrs;
    auto buffer = BufferFromArgs(args, target.text, &attrs);
    if (!buffer) return buffer.error();
    if ((*buffer)->dtype != source->buffer->dtype)
      return Error("T.match_buffer's dtype " + (*buffer)->dtype.str() + " differs from " +
                       source->buffer->name + "'s " + source->buffer->dtype.str(),
                   call.loc);
    block->match_buffers.push_back({*buffer, *source, attrs});
    // The view counts in the regions of the blocks inside this one, as TVM's
    // ScriptCompleter counts it (not in this block's own, like its allocations).
    block_allocs_.back().push_back(*buffer);
    Define(target.text, Value::FromObject(std::make_shared<BufferObject>(*buffer)));
    return Status::Ok();
  }
  auto evaluated = EvalCallArgs(call);
  if (!evaluated) return evaluated.error();
  Args args(*evaluated, "T.match_buffer", BufferParams(true), 1);
  if (!args.status()) return args.status().error();
  const auto* handle = args.get("param").as<HandleObject>();
  if (!handle)
    return args.ErrorAt("param", "T.match_buffer's first argument must be a T.handle parameter");
  if (params_[handle->param_index])
    return args.ErrorAt("param", "handle '" + handle->name + "' is matched twice");
  if (!args.has("shape") || args.get("shape").is_none())
    return Error("Shape must be specified when binding input param", call.loc);
  tir::BufferDeclAttrs attrs;
  auto buffer = BufferFromArgs(args, target.text, &attrs);
  if (!buffer) return buffer.error();
  params_[handle->param_index] = *buffer;
  param_attrs_[handle->param_index] = attrs;
  Define(target.text, Value::FromObject(std::make_shared<BufferObject>(*buffer)));
  return Status::Ok();
}

Status Translator::FuncAttr(const AstExpr& call) {
  if (func_attr_seen_) return Error("T.func_attr is given twice", call.loc);
  func_attr_seen_ = true;
  if (call.items.size() != 1 || !call.keywords.empty() || call.items[0]->kind != AstKind::Dict)
    return Error("T.func_attr takes one dict ({\"tir.noalias\": True})", call.loc);
  const AstExpr& dict = *call.items[0];
  for (size_t i = 0; i < dict.items.size(); ++i) {
    if (!dict.items[i] || dict.items[i]->kind != AstKind::String)
      return Error("T.func_attr's keys must be strings", dict.loc);
    const std::string& key = dict.items[i]->text;
    if (key != "tir.noalias" && key != "tirx.noalias" && key != "global_symbol") {
      auto x = AttrValue(*dict.values[i], "T.func_attr");
      if (!x) return x.error();
      func_attrs_[key] = *x;
      continue;
    }
    auto value = Eval(*dict.values[i]);
    if (!value) return value.error();
    if (key == "tir.noalias" || key == "tirx.noalias") {
      std::optional<Expr> e = ToExpr(*value);
      const int64_t* c = e ? ir::as_const_int(*e) : nullptr;
      if (!c || value->is_string())
        return Error(key + " must be True or False", dict.values[i]->loc);
      noalias_ = *c != 0;
    } else {
      if (!value->is_string()) return Error("global_symbol must be a string", dict.values[i]->loc);
      global_symbol_ = value->as_string();
    }
  }
  return Status::Ok();
}

Result<Buffer> Translator::AllocBuffer(const AstExpr& call, const std::string& name) {
  auto evaluated = EvalCallArgs(call);
  if (!evaluated) return evaluated.error();
  Args args(*evaluated, "T.alloc_buffer", BufferParams(false), 1);
  if (!args.status()) return args.status().error();
  return BufferFromArgs(args, name, nullptr, /*allocated=*/true);
}

Result<ir::Stmt> Translator::Let(const AstStmt& s, const std::vector<AstStmt>& rest, Place place,
                                 BlockFrame* block) {
  auto v = Eval(*s.value);
  if (!v) return v.error();
  return Let(s, *v, rest, place, block);
}

Result<ir::Stmt> Translator::Let(const AstStmt& s, const Value& v, const std::vector<AstStmt>& rest,
                                 Place place, BlockFrame* block) {
  const AstExpr& target = *s.target_exprs[0];
  if (target.kind != AstKind::Name)
    return Error(std::string(s.annotation ? "only a name may be bound with a type (name: "
                                            "T.float32 = value)"
                                          : "an expression is bound to one name (a let)"),
                 target.loc);
  std::optional<Expr> value = ToExpr(v);
  if (!value) return Error("a let binds an expression, not " + v.type_name(), s.value->loc);
  // Without an annotation the variable has the value's type (TVM's bind_assign_value).
  std::optional<ir::DataType> dtype = value->dtype();
  if (s.annotation) {
    std::optional<TName> t = TNameOf(*s.annotation);
    dtype = t ? ir::DataType::parse(t->name) : std::nullopt;
    if (!dtype || t->name == "handle")
      return Error("a let's type must be a type such as T.float32, T.int32 or T.int8x4",
                   s.annotation->loc);
  }
  if (value->dtype() != *dtype)
    return Error(
        "the value is " + value->dtype().str() + ", not the " + dtype->str() + " the let declares",
        s.value->loc);
  ir::Var var(target.text, *dtype);
  PushFrame();
  Define(target.text, Value::FromExpr(var));
  auto body = Body(rest, place, block);
  PopFrame();
  if (!body) return body.error();
  auto inside = IrOnly(*body, s.loc, "a let");
  if (!inside) return inside.error();
  return ir::MakeLetStmt(var, *value, *inside);
}

Result<ir::Stmt> Translator::IrOnly(const tir::Stmt& s, const SourceLoc& loc,
                                    const std::string& where) {
  if (const auto* c = tir::As<tir::ComputeNode>(s)) return c->stmt;
  if (const auto* seq = tir::As<tir::SeqNode>(s)) {
    if (seq->seq.empty()) return ir::MakeEvaluate(ir::IntImm(ir::DataType::Int(32), 0));
    std::vector<ir::Stmt> parts;
    for (const tir::Stmt& c : seq->seq) {
      auto part = IrOnly(c, loc, where);
      if (!part) return part.error();
      parts.push_back(*part);
    }
    return ir::MakeSeq(std::move(parts));
  }
  // A loop holding no block is a plain statement of the block's body (TVM's kernels
  // written in TIR loop under their `if`s); it keeps its kind and annotations.
  if (const auto* loop = tir::As<tir::ForNode>(s)) {
    if (loop->for_kind == ir::ForKind::ThreadBinding)
      return Error("a thread-bound loop (" + loop->thread_tag + ") inside " + where +
                       " is not supported in TVMScript here",
                   loc);
    auto body = IrOnly(loop->body, loc, where);
    if (!body) return body.error();
    return ir::Stmt(std::make_shared<const ir::ForNode>(loop->loop_var, loop->min, loop->extent,
                                                        loop->for_kind, *body, nullptr,
                                                        loop->annotations));
  }
  return Error("blocks inside " + where + " are not supported in TVMScript here", loc);
}

Result<ir::Stmt> Translator::Store(const AstExpr& target, const Value& value,
                                   const SourceLoc& loc) {
  auto object = Eval(*target.object);
  if (!object && target.object->kind == AstKind::Name)
    return Error(
        "cannot store to '" + target.object->text + "': it is not a buffer of this function",
        target.object->loc);
  if (!object) return object.error();
  const BufferObject* b = BufferOf(*object);
  if (!b)
    return Error("cannot store to " + to_source(*target.object) + ": it is a " +
                     object->type_name() + ", not a buffer",
                 target.object->loc);
  for (const AstExpr* item : SubscriptItems(target))
    if (item->kind == AstKind::Slice && (!item->left || !item->right))
      return Error("a stored slice of " + b->buffer->name + " needs both bounds", item->loc);
  auto indices = AccessIndices(target, b->buffer);
  if (!indices) return indices.error();
  std::optional<Expr> v = value.is_string() ? std::nullopt : ToExpr(value);
  if (!v) return Error("cannot store a " + value.type_name() + " into a buffer", loc);
  int lanes = 1;
  for (const Expr& index : *indices) lanes *= index.dtype().lanes();
  if (v->dtype().lanes() != lanes)
    return Error("cannot store a value of " + std::to_string(v->dtype().lanes()) + " lanes into " +
                     std::to_string(lanes) + " elements of " + b->buffer->name,
                 loc);
  ir::DataType type = b->buffer->dtype.with_lanes(lanes);
  Expr stored = v->dtype() == type ? *v : ir::cast(type, *v);
  return ir::MakeBufferStore(b->buffer, stored, std::move(*indices));
}

Result<ir::Stmt> Translator::If(const AstStmt& s, const Expr& cond) {
  PushFrame();
  auto then_body = Body(s.body, Place::Nested, nullptr);
  PopFrame();
  if (!then_body) return then_body.error();
  auto then_case = IrOnly(*then_body, s.loc, "`if`");
  if (!then_case) return then_case.error();
  ir::Stmt else_case;
  if (!s.orelse.empty()) {
    PushFrame();
    auto else_body = Body(s.orelse, Place::Nested, nullptr);
    PopFrame();
    if (!else_body) return else_body.error();
    auto e = IrOnly(*else_body, s.loc, "`else`");
    if (!e) return e.error();
    else_case = *e;
  }
  return ir::MakeIf(cond, *then_case, else_case);
}

Result<tir::Stmt> Translator::Body(const std::vector<AstStmt>& body, Place place,
                                   BlockFrame* block) {
  std::vector<tir::Stmt> out;
  std::vector<ir::Stmt> pending;
  auto flush = [&] {
    if (pending.empty()) return;
    out.push_back(tir::MakeCompute(pending.size() == 1 ? pending[0] : ir::MakeSeq(pending)));
    pending.clear();
  };
  for (size_t index = 0; index < body.size(); ++index) {
    const AstStmt& s = body[index];
    // A let, T.launch_thread or T.attr statement scopes the statements after it: `over`
    // makes it around them, and this body ends with it.
    auto scope_rest = [&](auto&& over) -> Status {
      std::vector<AstStmt> rest(body.begin() + static_cast<std::ptrdiff_t>(index) + 1, body.end());
      auto scoped = over(rest);
      if (!scoped) return scoped.error();
      pending.push_back(*scoped);
      index = body.size();
      return Status::Ok();
    };
    if (place == Place::Block) {
      bool handled = false;
      if (auto st = BlockHeader(s, *block, &handled); !st) return st.error();
      if (handled) continue;
    }
    switch (s.kind) {
      case StmtKind::Pass:
        continue;
      case StmtKind::Expr: {
        const AstExpr& v = *s.value;
        if (v.kind == AstKind::String) continue;  // a docstring
        std::optional<TName> t = v.kind == AstKind::Call ? TNameOf(*v.object) : std::nullopt;
        if (t && t->name == "func_attr") {
          if (place != Place::Function)
            return Error("T.func_attr must be directly in the function's body", v.loc);
          if (auto st = FuncAttr(v); !st) return st.error();
          continue;
        }
        if (IsAttrScope(v)) {
          auto st = scope_rest([&](const std::vector<AstStmt>& rest) {
            return AttrScopeOver(v, "", rest, place, block, v.loc);
          });
          if (!st) return st.error();
          continue;
        }
        if (t && t->name == "evaluate") {
          auto args = EvalCallArgs(v);
          if (!args) return args.error();
          Args a(*args, "T.evaluate", {"value"}, 1);
          if (!a.status()) return a.status().error();
          auto e = a.Expr("value");
          if (!e) return e.error();
          pending.push_back(ir::MakeEvaluate(*e));
          continue;
        }
        // T.assume(cond): a fact the compiler may use (transform_layout's assumption blocks
        // for padded inputs), evaluated for nothing else.
        if (t && t->name == "assume") {
          auto args = EvalCallArgs(v);
          if (!args) return args.error();
          Args a(*args, "T.assume", {"cond"}, 1);
          if (!a.status()) return a.status().error();
          auto cond = a.Expr("cond");
          if (!cond) return cond.error();
          if (!cond->dtype().is_bool())
            return Error("T.assume takes a boolean condition, not " + cond->dtype().str(), v.loc);
          pending.push_back(
              ir::MakeEvaluate(ir::MakeCall(ir::DataType::Bool(), "assume", {*cond})));
          continue;
        }
        if (t && (t->name == "reads" || t->name == "writes" || t->name == "where" ||
                  t->name == "block_attr" || t->name == "sblock_attr"))
          return Error(Spelled(*t) + " must be directly inside a " +
                           (t->dialect == tir::TvmDialect::STir ? "T.sblock" : "T.block"),
                       v.loc);
        // As TVM's parser: an expression statement is evaluated (TVM prints
        // T.evaluate(call) as the bare call), a string is a docstring.
        auto e = Eval(v);
        if (!e) return e.error();
        if (e->is_string()) continue;
        std::optional<Expr> evaluated = ToExpr(*e);
        if (!evaluated)
          return Error(
              "an expression statement must be an expression TVMScript evaluates (a call, a "
              "number), not " +
                  e->type_name(),
              v.loc);
        pending.push_back(ir::MakeEvaluate(*evaluated));
        continue;
      }
      case StmtKind::Assign: {
        if (s.annotation) {
          // v: T.float32 = value: a let around the statements after it.
          auto st = scope_rest(
              [&](const std::vector<AstStmt>& rest) { return Let(s, rest, place, block); });
          if (!st) return st.error();
          continue;
        }
        if (s.target_exprs.size() != 1)
          return Error("Consequential assignments like 'a = b = c' are not supported.", s.loc);
        const AstExpr& target = *s.target_exprs[0];
        const AstExpr& value = *s.value;
        if (target.kind == AstKind::Subscript) {
          auto v = Eval(value);
          if (!v) return v.error();
          auto store = Store(target, *v, value.loc);
          if (!store) return store.error();
          pending.push_back(*store);
          continue;
        }
        std::optional<TName> t =
            value.kind == AstKind::Call ? TNameOf(*value.object) : std::nullopt;
        if ((t && t->name == "env_thread") || IsAttrScope(value)) {
          if (target.kind != AstKind::Name)
            return Error(Spelled(*t) + " must be assigned to one name", target.loc);
          if (t->name == "env_thread") {
            auto thread = EvalEnvThread(value, target.text);
            if (!thread) return thread.error();
            Define(target.text, *thread);
            continue;
          }
          auto st = scope_rest([&](const std::vector<AstStmt>& rest) {
            return AttrScopeOver(value, target.text, rest, place, block, s.loc);
          });
          if (!st) return st.error();
          continue;
        }
        if (t && t->name == "match_buffer") {
          if (place == Place::Nested)
            return Error("T.match_buffer must be directly in a block's or the function's body",
                         value.loc);
          if (auto st = MatchBuffer(s, value, place == Place::Block ? block : nullptr); !st)
            return st.error();
          continue;
        }
        if (t && (t->name == "alloc_buffer" || t->name == "sblock_alloc_buffer")) {
          if (t->name == "sblock_alloc_buffer" && t->dialect != tir::TvmDialect::STir)
            return Error(
                "T.sblock_alloc_buffer is TVM 0.24's spelling (tirx); with "
                "tvm.script.tir write T.alloc_buffer",
                value.loc);
          if (target.kind != AstKind::Name)
            return Error("an allocated buffer must be assigned to one name", target.loc);
          if (place == Place::Nested)
            return Error(Spelled(*t) + " must be directly in a block's or the function's body",
                         value.loc);
          auto buffer = AllocBuffer(value, target.text);
          if (!buffer) return buffer.error();
          (place == Place::Function ? root_allocs_ : block->alloc_buffers).push_back(*buffer);
          if (place == Place::Block) block_allocs_.back().push_back(*buffer);
          Define(target.text, Value::FromObject(std::make_shared<BufferObject>(*buffer)));
          continue;
        }
        if (t && t->name.rfind("axis.", 0) == 0)
          return Error(Spelled(*t) + " must be directly inside a " +
                           (t->dialect == tir::TvmDialect::STir ? "T.sblock" : "T.block"),
                       value.loc);
        auto v = Eval(value);
        if (!v) return v.error();
        if (DefineShapeVariables(target, *v)) continue;
        if (v->is_expr() && target.kind == AstKind::Name) {
          // name = expression: a let around the statements after it, as TVM binds it.
          auto st = scope_rest(
              [&](const std::vector<AstStmt>& rest) { return Let(s, *v, rest, place, block); });
          if (!st) return st.error();
          continue;
        }
        if (v->is_expr() || v->is_object())
          return Error(
              "binding a name to " + v->type_name() + " (a let) is not supported in TVMScript here",
              target.loc);
        if (target.kind != AstKind::Name && v->is_sequence())
          for (const Value& item : v->items())
            if (item.is_expr() && item.as_expr().kind() != ir::ExprKind::Var)
              return Error(
                  "several names bound to expressions at once (lets) are not supported in "
                  "TVMScript here; bind each on a line of its own",
                  target.loc);
        if (target.kind != AstKind::Name)
          return Error("only a name may be assigned a Python value in TVMScript", target.loc);
        Define(target.text, *v);
        continue;
      }
      case StmtKind::AugAssign: {
        const AstExpr& target = *s.target_exprs[0];
        if (target.kind != AstKind::Subscript)
          return Error("augmented assignment is supported only on a buffer element", target.loc);
        auto old = Eval(target);
        if (!old) return old.error();
        auto rhs = Eval(*s.value);
        if (!rhs) return rhs.error();
        auto v = ApplyBinary(s.aug_op, *old, *rhs, s.loc);
        if (!v) return v.error();
        auto store = Store(target, *v, s.loc);
        if (!store) return store.error();
        pending.push_back(*store);
        continue;
      }
      case StmtKind::For: {
        flush();
        auto loop = For(s);
        if (!loop) return loop.error();
        out.push_back(*loop);
        continue;
      }
      case StmtKind::With: {
        const AstExpr& manager = *s.value;
        std::optional<TName> t =
            manager.kind == AstKind::Call ? TNameOf(*manager.object) : std::nullopt;
        if (t && (t->name == "block" || t->name == "sblock")) {
          flush();
          auto b = Block(s, *t);
          if (!b) return b.error();
          out.push_back(*b);
          continue;
        }
        if (IsAttrScope(manager)) {
          std::string name;
          if (!s.target_exprs.empty()) {
            if (s.target_exprs[0]->kind != AstKind::Name)
              return Error("`with " + Spelled(*t) + "(...) as` binds one name",
                           s.target_exprs[0]->loc);
            name = s.target_exprs[0]->text;
          }
          auto attr = AttrScopeOver(manager, name, s.body, Place::Nested, nullptr, s.loc);
          if (!attr) return attr.error();
          pending.push_back(*attr);
          continue;
        }
        if (t && t->name == "init")
          return Error(
              "T.init() must be directly inside a " +
                  std::string(t->dialect == tir::TvmDialect::STir ? "T.sblock" : "T.block"),
              manager.loc);
        if (t) return Refuse(*t, manager.loc);
        return Error("Invalid context expression in the with-statement.", manager.loc);
      }
      case StmtKind::If: {
        auto cond = Eval(*s.value);
        if (!cond) return cond.error();
        if (!cond->is_expr()) {
          // A Python condition chooses the statements while reading, as in TVM.
          flush();
          PushFrame();
          auto chosen = Body(cond->truthy() ? s.body : s.orelse, Place::Nested, nullptr);
          PopFrame();
          if (!chosen) return chosen.error();
          out.push_back(*chosen);
          continue;
        }
        if (!cond->as_expr().dtype().is_bool())
          return Error("an `if` condition must be a boolean expression", s.value->loc);
        auto ite = If(s, cond->as_expr());
        if (!ite) return ite.error();
        pending.push_back(*ite);
        continue;
      }
      case StmtKind::While:
        return Error("while loops are not supported in TVMScript here", s.loc);
      case StmtKind::Def:
        return Error("nested functions are not supported in TVMScript", s.loc);
      case StmtKind::Class:
        return Error("classes are not supported in TVMScript functions", s.loc);
      case StmtKind::Return:
        return Error("return is not supported in a TensorIR PrimFunc (it returns nothing)", s.loc);
      case StmtKind::Assert:
        return Error("assert (T.Assert) is not supported in TVMScript here", s.loc);
      default:
        return Error("'" + to_source(s).substr(0, to_source(s).find_first_of(" :\n")) +
                         "' statements are not supported in TVMScript",
                     s.loc);
    }
  }
  flush();
  return tir::MakeSeq(std::move(out));
}

namespace {

// The loop kinds of `for ... in T.<kind>(...)`.
std::optional<ir::ForKind> ForKindNamed(const std::string& name) {
  if (name == "serial") return ir::ForKind::Serial;
  if (name == "parallel") return ir::ForKind::Parallel;
  if (name == "vectorized") return ir::ForKind::Vectorized;
  if (name == "unroll") return ir::ForKind::Unrolled;
  if (name == "thread_binding") return ir::ForKind::ThreadBinding;
  return std::nullopt;
}

// A loop's variable type: the wider of its bounds' integer types, as TVM's ForFrame.
ir::DataType LoopType(const Expr& min, const Expr& extent) {
  int bits = std::max(min.dtype().bits(), extent.dtype().bits());
  return ir::DataType::Int(bits);
}

Result<Expr> IntExpr(const Value& v, const SourceLoc& loc, const std::string& what) {
  std::optional<Expr> e = v.is_string() || v.is_bool() ? std::nullopt : ToExpr(v);
  if (!e || !e->dtype().is_int())
    return Error(what + " must be an integer or an integer expression, not " + v.type_name(), loc);
  return *e;
}

}  // namespace

Result<tir::Stmt> Translator::For(const AstStmt& s) {
  if (!s.orelse.empty()) return Error("'for ... else' is not supported in TVMScript", s.loc);
  const AstExpr& iter = *s.value;
  const char* kExpect =
      "Expect the for loop to be one of the following: range, T.serial, T.grid, T.parallel, "
      "T.vectorized, T.unroll, T.thread_binding";
  if (iter.kind != AstKind::Call) return Error(kExpect, iter.loc);
  std::optional<TName> t = TNameOf(*iter.object);
  bool is_range = !t && iter.object->kind == AstKind::Name && iter.object->text == "range" &&
                  !FindLocal("range");
  if (!t && !is_range) return Error(kExpect, iter.loc);
  if (t && t->name != "grid" && !ForKindNamed(t->name)) {
    if (t->name == "block" || t->name == "sblock" || ir::DataType::parse(t->name))
      return Error(kExpect, iter.loc);
    return Refuse(*t, iter.object->loc);
  }
  // Loops: (variable name, min, extent); one for a plain loop, one per extent for T.grid.
  struct LoopSpec {
    Expr min, extent;
  };
  std::vector<LoopSpec> specs;
  ir::ForKind kind = ir::ForKind::Serial;
  std::string thread;
  std::map<std::string, Expr> annotations;
  // `annotations=` is a dict of the AST, read apart from the evaluated arguments.
  AstExpr stripped = iter;
  stripped.keywords.clear();
  for (const AstKeyword& k : iter.keywords) {
    if (k.name == "annotations" && t && t->name != "grid") {
      if (k.value->kind == AstKind::None) continue;
      auto dict = AttrDict(*k.value, "annotations");
      if (!dict) return dict.error();
      annotations = std::move(*dict);
    } else {
      stripped.keywords.push_back(k);
    }
  }
  auto evaluated = EvalCallArgs(stripped);
  if (!evaluated) return evaluated.error();
  if (t && t->name == "grid") {
    if (!evaluated->keywords.empty())
      return Error("T.grid takes no keyword arguments", evaluated->keyword_locs[0]);
    if (evaluated->positional.empty()) return Error("T.grid needs at least one extent", iter.loc);
    for (size_t i = 0; i < evaluated->positional.size(); ++i) {
      auto e = IntExpr(evaluated->positional[i], evaluated->positional_locs[i], "an extent");
      if (!e) return e.error();
      specs.push_back({ir::make_zero(e->dtype()), *e});
    }
  } else {
    std::string fname = is_range ? "range" : Spelled(*t);
    std::vector<std::string> params = {"start", "stop"};
    if (!is_range && t->name == "thread_binding") params.push_back("thread");
    if (is_range) params.push_back("step");
    Args args(*evaluated, fname, params, 1);
    if (!args.status()) return args.status().error();
    if (is_range && args.has("step"))
      return args.ErrorAt("step", "range() with a step is not supported in TVMScript");
    Value start = args.get("start");
    Value stop = args.get("stop");
    if (!is_range && t->name == "thread_binding") {
      kind = ir::ForKind::ThreadBinding;
      Value th = args.get("thread");
      if (th.is_none()) {
        if (!stop.is_string()) return Error("Thread cannot be None for thread_binding", iter.loc);
        th = stop;
        stop = Value();
      }
      if (!th.is_string()) return args.TypeError("thread", "a string (\"threadIdx.x\")");
      thread = th.as_string();
    } else if (!is_range) {
      kind = *ForKindNamed(t->name);
    }
    if (stop.is_none()) std::swap(start, stop);
    auto hi = IntExpr(stop, args.loc(args.has("stop") ? "stop" : "start"), "a loop bound");
    if (!hi) return hi.error();
    Expr lo = ir::make_zero(hi->dtype());
    if (!start.is_none()) {
      auto l = IntExpr(start, args.loc("start"), "a loop bound");
      if (!l) return l.error();
      lo = *l;
    }
    specs.push_back({lo, RangeBetween(lo, *hi).extent});
  }
  // The targets: one name per loop.
  std::vector<const AstExpr*> names;
  const AstExpr& target = *s.target_exprs[0];
  if (target.kind == AstKind::Name) {
    names.push_back(&target);
  } else if (target.kind == AstKind::Tuple || target.kind == AstKind::List) {
    for (const AstPtr& item : target.items) names.push_back(item.get());
  }
  for (const AstExpr* n : names) {
    if (n->kind != AstKind::Name)
      return Error("a loop variable must be a name, not " + to_source(*n), n->loc);
  }
  if (names.size() != specs.size())
    return Error("the loop makes " + std::to_string(specs.size()) + " variable" +
                     (specs.size() == 1 ? "" : "s") + ", bound to " + std::to_string(names.size()) +
                     " name" + (names.size() == 1 ? "" : "s"),
                 target.loc);
  PushFrame();
  std::vector<ir::Var> vars;
  for (size_t i = 0; i < specs.size(); ++i) {
    ir::Var v(names[i]->text, LoopType(specs[i].min, specs[i].extent));
    vars.push_back(v);
    Define(names[i]->text, Value::FromExpr(v));
    loops_.emplace_back(v, ir::Range(specs[i].min, specs[i].extent));
  }
  auto body = Body(s.body, Place::Nested, nullptr);
  loops_.resize(loops_.size() - specs.size());
  PopFrame();
  if (!body) return body.error();
  tir::Stmt stmt = *body;
  for (size_t i = specs.size(); i-- > 0;) {
    auto loop = std::make_shared<tir::ForNode>(vars[i], specs[i].min, specs[i].extent, kind, stmt);
    loop->thread_tag = thread;
    loop->annotations = annotations;
    stmt = loop;
  }
  return stmt;
}

Result<tir::PrimFunc> Translator::Function(const AstStmt& def) {
  PushFrame();
  for (const AstParam& p : def.params) {
    if (auto st = Parameter(p); !st) return st.error();
  }
  if (def.returns && def.returns->kind != AstKind::None)
    return Error("a return type is not supported (Tessera's PrimFuncs return nothing)",
                 def.returns->loc);
  auto body = Body(def.body, Place::Function, nullptr);
  if (!body) return body.error();
  PopFrame();
  for (size_t i = 0; i < params_.size(); ++i) {
    if (!params_[i])
      return Error("T.handle parameter '" + handle_names_[i] +
                       "' is not given a buffer by T.match_buffer (a handle parameter "
                       "without a buffer is not supported)",
                   handle_locs_[i]);
  }
  tir::PrimFunc f;
  // The function's name is its global symbol, the def's name unless T.func_attr gives
  // another (TVM's tests declare expected functions `global_symbol: "main"`); TVM prints
  // a function by that name.
  f.name = global_symbol_.empty() ? def.name : global_symbol_;
  f.params = params_;
  f.scalar_params = scalar_params_;
  for (const std::string& name : handle_names_) {
    if (name.empty()) continue;
    f.handle_names = handle_names_;
    break;
  }
  for (const tir::BufferDeclAttrs& a : param_attrs_) {
    if (a == tir::BufferDeclAttrs{}) continue;
    f.param_attrs = param_attrs_;
    break;
  }
  f.noalias = noalias_;
  f.attrs = func_attrs_;
  tir::Stmt stmt = *body;
  // As TVM's parser: a function whose body has no statement (allocations only) does
  // T.evaluate(0).
  if (const auto* seq = tir::As<tir::SeqNode>(stmt); seq && seq->seq.empty())
    stmt = tir::MakeCompute(ir::MakeEvaluate(ir::IntImm(ir::DataType::Int(32), 0)));
  const auto* realize = tir::As<tir::BlockRealizeNode>(stmt);
  // TVM's ScriptComplete: blocks (or root allocations) not under one root block get one.
  bool insert_root = !root_allocs_.empty() || (realize && !realize->block->iter_vars.empty()) ||
                     (!realize && ContainsBlock(stmt));
  if (insert_root) {
    stmt = InferTopLevelRegions(stmt);
    auto root = std::make_shared<tir::BlockNode>();
    root->name = "root";
    root->alloc_buffers = root_allocs_;
    root->body = stmt;
    stmt = tir::MakeBlockRealize({}, ir::make_bool(true), std::move(root));
  }
  f.body = stmt;
  return f;
}

}  // namespace tvmscript

Result<tir::PrimFunc> ParsePrimFunc(const AstStmt& def, Interpreter& interp,
                                    const std::shared_ptr<const Scope>& enclosing,
                                    tir::TvmDialect* dialect) {
  if (def.kind != StmtKind::Def) return Error("@T.prim_func decorates a def", def.loc);
  tvmscript::Translator translator(interp, enclosing);
  auto f = translator.Function(def);
  if (f && dialect) *dialect = translator.dialect();
  return f;
}

}  // namespace tessera::script
