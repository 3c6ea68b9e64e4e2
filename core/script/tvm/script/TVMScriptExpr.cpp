// Expressions inside a @T.prim_func: names, Python operators, buffer loads and the T.*
// functions that make expressions (typed constants, T.Cast, T.max, T.exp, ...).
#include <set>

#include "arith/Analyzer.h"
#include "ir/BitOps.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "script/lang/Operators.h"
#include "script/tvm/script/TVMScriptParserInternal.h"
#include "script/tvm/te/TensorIntrinObjects.h"

namespace tessera::script::tvmscript {

namespace {

// T.* names that are statements, frames or annotations: they have no value.
const std::set<std::string>& StatementNames() {
  static const std::set<std::string> names = {
      "grid",         "serial",         "parallel",      "vectorized",
      "unroll",       "thread_binding", "block",         "sblock",
      "init",         "where",          "reads",         "writes",
      "block_attr",   "sblock_attr",    "alloc_buffer",  "sblock_alloc_buffer",
      "match_buffer", "func_attr",      "evaluate",      "assume",
      "Buffer",       "handle",         "prim_func",     "axis.remap",
      "axis.spatial", "axis.reduce",    "axis.S",        "axis.R",
      "axis.scan",    "axis.opaque",    "launch_thread", "env_thread",
      "attr"};
  return names;
}

// TVM's parser: `and` / `or` over a vector is bitwise_and / bitwise_or lane by lane (its
// _and / _or), over scalars tir.And / tir.Or as written, not folded; a Python bool is a
// bool constant.
Result<Value> Logical(bool is_and, const Value& a, const Value& b, const SourceLoc& loc) {
  const char* what = is_and ? "'and'" : "'or'";
  auto x = ToBoolExpr(a, what, loc);
  if (!x) return x.error();
  auto y = ToBoolExpr(b, what, loc);
  if (!y) return y.error();
  if (x->dtype().lanes() > 1 || y->dtype().lanes() > 1) {
    ir::BitOpBuild built = ir::MakeBitOp(is_and ? ir::BitOp::And : ir::BitOp::Or, *x, *y);
    if (!built.expr.defined()) return Error(built.error, loc);
    return Value::FromExpr(built.expr);
  }
  return Value::FromExpr(ir::MakeBinary(is_and ? ir::ExprKind::And : ir::ExprKind::Or, *x, *y));
}

constexpr const char* kTirPath = "tvm.script.tir.";
constexpr const char* kTirxPath = "tvm.script.tirx.";

}  // namespace

std::string Spelled(const TName& t) { return "T." + t.name; }

std::vector<const AstExpr*> SubscriptItems(const AstExpr& subscript) {
  const auto& items = subscript.items;
  if (items.size() == 1 && items[0]->kind == AstKind::Tuple && items[0]->items.empty()) return {};
  std::vector<const AstExpr*> out;
  for (const AstPtr& item : items) out.push_back(item.get());
  return out;
}

Result<std::vector<Expr>> Translator::AccessIndices(const AstExpr& subscript,
                                                    const Buffer& buffer) {
  std::vector<const AstExpr*> items = SubscriptItems(subscript);
  if (items.size() != buffer->shape.size())
    return Error("buffer " + buffer->name + " has " + std::to_string(buffer->shape.size()) +
                     " dimensions, indexed with " + std::to_string(items.size()),
                 subscript.loc);
  std::vector<Expr> indices;
  for (size_t i = 0; i < items.size(); ++i) {
    const AstExpr& item = *items[i];
    const std::string what = "an index of " + buffer->name;
    if (item.kind != AstKind::Slice) {
      auto index = EvalExpr(item, what);
      if (!index) return index.error();
      indices.push_back(*index);
      continue;
    }
    if (!item.object && (!item.left || !item.right))
      return Error("a slice of buffer " + buffer->name +
                       " without both bounds is a region, allowed only in T.reads / T.writes",
                   item.loc);
    Expr start = ir::make_zero(buffer->shape[i].dtype());
    Expr stop = buffer->shape[i];
    Expr step = ir::make_const(start.dtype(), int64_t{1});
    if (item.left) {
      auto v = EvalExpr(*item.left, what);
      if (!v) return v.error();
      start = *v;
    }
    if (item.right) {
      auto v = EvalExpr(*item.right, what);
      if (!v) return v.error();
      stop = *v;
    }
    if (item.object) {
      auto v = EvalExpr(*item.object, "a slice's step");
      if (!v) return v.error();
      step = *v;
    }
    // TVM's lane count, (stop - start + step - 1) // step, counts a negative step wrongly
    // and its ramp runs off the slice: refused.
    const int64_t* stride = ir::as_const_int(step);
    if (!stride || *stride <= 0)
      return Error("a slice's step must be a positive integer constant, not " + ir::to_string(step),
                   item.object ? item.object->loc : item.loc);
    if (step.dtype() != start.dtype()) step = ir::make_const(start.dtype(), *stride);
    arith::Analyzer analyzer;
    Expr lanes = analyzer.Simplify(ir::floordiv(
        ir::sub(ir::add(ir::sub(stop, start), step), ir::make_const(step.dtype(), int64_t{1})),
        step));
    const int64_t* n = ir::as_const_int(lanes);
    if (!n || *n < 1)
      return Error("the slice " + to_source(item) + " of " + buffer->name +
                       " must have a constant number of elements, not " + ir::to_string(lanes),
                   item.loc);
    if (*n > 1 && i + 1 != items.size())
      return Error("only the last index of a buffer access may be a vector (" + to_source(item) +
                       " of " + buffer->name + " is " + std::to_string(*n) + " elements)",
                   item.loc);
    indices.push_back(*n == 1 ? start : ir::MakeRamp(start, step, static_cast<int>(*n)));
  }
  return indices;
}

Error Translator::Refuse(const TName& t, const SourceLoc& loc) const {
  return Error(Spelled(t) + " is not supported in TVMScript here", loc);
}

const Value* Translator::FindLocal(const std::string& name) const {
  for (auto f = frames_.rbegin(); f != frames_.rend(); ++f) {
    auto it = f->find(name);
    if (it != f->end()) return &it->second;
  }
  return nullptr;
}

std::optional<TName> Translator::TNameOf(const AstExpr& e) {
  std::vector<std::string> attrs;
  const AstExpr* cur = &e;
  while (cur->kind == AstKind::Attribute) {
    attrs.push_back(cur->text);
    cur = cur->object.get();
  }
  if (cur->kind != AstKind::Name || attrs.empty() || FindLocal(cur->text)) return std::nullopt;
  auto root = interp_.Eval(*cur, enclosing_);
  if (!root) return std::nullopt;
  const auto* module = root->as<ModuleObject>();
  if (!module) return std::nullopt;
  std::string path = module->path;
  for (auto a = attrs.rbegin(); a != attrs.rend(); ++a) path += "." + *a;
  for (const auto& [prefix, dialect] : {std::pair{std::string(kTirxPath), tir::TvmDialect::STir},
                                        std::pair{std::string(kTirPath), tir::TvmDialect::Tir}}) {
    if (path.rfind(prefix, 0) == 0) {
      if (!dialect_seen_) {
        dialect_ = dialect;
        dialect_seen_ = true;
      }
      return TName{path.substr(prefix.size()), dialect};
    }
  }
  return std::nullopt;
}

Result<CallArgs> Translator::EvalCallArgs(const AstExpr& call) {
  CallArgs args;
  args.loc = call.object ? call.object->loc : call.loc;
  for (const AstPtr& item : call.items) {
    if (item->kind == AstKind::Starred)
      return Error("*arguments are not supported in TVMScript", item->loc);
    auto v = Eval(*item);
    if (!v) return v.error();
    args.positional.push_back(std::move(v.value()));
    args.positional_locs.push_back(item->loc);
  }
  for (const AstKeyword& k : call.keywords) {
    if (k.name.empty()) return Error("**arguments are not supported in TVMScript", k.loc);
    auto v = Eval(*k.value);
    if (!v) return v.error();
    args.keywords.emplace_back(k.name, std::move(v.value()));
    args.keyword_locs.push_back(k.loc);
  }
  return args;
}

Result<Expr> Translator::EvalExpr(const AstExpr& e, const std::string& what) {
  auto v = Eval(e);
  if (!v) return v.error();
  std::optional<Expr> x = v->is_string() ? std::nullopt : ToExpr(*v);
  if (!x) return Error(what + " must be an expression, not " + v->type_name(), e.loc);
  return *x;
}

Result<Value> Translator::Eval(const AstExpr& e) {
  switch (e.kind) {
    case AstKind::Name:
      if (const Value* v = FindLocal(e.text)) return *v;
      return interp_.Eval(e, enclosing_);
    case AstKind::Int:
      return Value::Int(e.int_value);
    case AstKind::Float:
      return Value::Float(e.float_value);
    case AstKind::String:
      return Value::String(e.text);
    case AstKind::Bool:
      return Value::Bool(e.bool_value);
    case AstKind::None:
      return Value();
    case AstKind::Tuple:
    case AstKind::List: {
      std::vector<Value> items;
      for (const AstPtr& item : e.items) {
        if (item->kind == AstKind::Starred)
          return Error("*unpacking is not supported in TVMScript", item->loc);
        auto v = Eval(*item);
        if (!v) return v.error();
        items.push_back(std::move(v.value()));
      }
      return e.kind == AstKind::Tuple ? Value::Tuple(std::move(items))
                                      : Value::List(std::move(items));
    }
    case AstKind::Attribute: {
      if (auto t = TNameOf(e)) {
        if (StatementNames().count(t->name))
          return Error(Spelled(*t) + " is not an expression", e.loc);
        const char* prefix = t->dialect == tir::TvmDialect::STir ? kTirxPath : kTirPath;
        if (const Value* fn = interp_.Lookup(prefix + t->name)) return *fn;
        return Refuse(*t, e.loc);
      }
      auto object = Eval(*e.object);
      if (!object) return object.error();
      if (const BufferObject* b = BufferOf(*object)) {
        if (e.text == "dtype") return Value::String(b->buffer->dtype.str());
        if (e.text == "name") return Value::String(b->buffer->name);
        // A tensor intrinsic's implementation passes these to external functions.
        if (e.text == "data") return Value::FromExpr(b->buffer->data);
        if (e.text == "access_ptr") {
          ir::Buffer buffer = b->buffer;
          return MakeFunction("access_ptr", [buffer](Interpreter&, const CallArgs& c) {
            return BufferAccessPtr(buffer, c);
          });
        }
        if (e.text == "vload") {
          ir::Buffer buffer = b->buffer;
          return MakeFunction("vload", [buffer](Interpreter&, const CallArgs& c) {
            return BufferVLoad(buffer, c);
          });
        }
        if (e.text == "elem_offset")
          return Value::FromExpr(b->buffer->elem_offset.defined() ? b->buffer->elem_offset
                                                                  : ir::Expr(0));
        if (e.text == "shape" || e.text == "strides") {
          // A compact buffer's strides are empty, as TVM's are.
          std::vector<Value> dims;
          for (const Expr& d : e.text == "shape" ? b->buffer->shape : b->buffer->strides)
            dims.push_back(Value::FromExpr(d));
          return Value::Tuple(std::move(dims));
        }
        return Error("Buffer." + e.text + " is not supported in TVMScript here", e.text_loc);
      }
      return interp_.Eval(e, enclosing_);
    }
    case AstKind::Subscript: {
      auto object = Eval(*e.object);
      if (!object) return object.error();
      if (const BufferObject* b = BufferOf(*object)) {
        auto indices = AccessIndices(e, b->buffer);
        if (!indices) return indices.error();
        return Value::FromExpr(ir::MakeBufferLoad(b->buffer, std::move(*indices)));
      }
      if (object->is_sequence() && e.items.size() == 1) {
        auto index = Eval(*e.items[0]);
        if (!index) return index.error();
        const auto& items = object->items();
        if (index->is_int()) {
          int64_t i =
              index->as_int() < 0 ? index->as_int() + int64_t(items.size()) : index->as_int();
          if (i >= 0 && i < int64_t(items.size())) return items[size_t(i)];
          return Error("index out of range", e.items[0]->loc);
        }
      }
      return Error("subscripts of " + object->type_name() + " are not supported in TVMScript",
                   e.loc);
    }
    case AstKind::Call: {
      if (auto t = TNameOf(*e.object)) {
        if (StatementNames().count(t->name))
          return Error(Spelled(*t) + " is not an expression", e.loc);
        auto fn = Eval(*e.object);
        if (!fn) return fn.error();
        auto args = EvalCallArgs(e);
        if (!args) return args.error();
        return interp_.CallValue(*fn, *args);
      }
      // A buffer's method (A.access_ptr("r"), A.vload([0], "int8x64")).
      if (e.object->kind == AstKind::Attribute &&
          (e.object->text == "access_ptr" || e.object->text == "vload")) {
        auto object = Eval(*e.object->object);
        if (!object) return object.error();
        if (BufferOf(*object)) {
          auto fn = Eval(*e.object);
          if (!fn) return fn.error();
          auto args = EvalCallArgs(e);
          if (!args) return args.error();
          return interp_.CallValue(*fn, *args);
        }
      }
      // A function of the script (a helper that builds an expression, tvm.tir.const, ...):
      // called with the evaluated arguments, as TVM's parser runs any Python it meets.
      if (auto fn = Eval(*e.object);
          fn && (fn->as<FunctionObject>() || fn->as<BuiltinFunction>())) {
        auto args = EvalCallArgs(e);
        if (!args) return args.error();
        return interp_.CallValue(*fn, *args);
      }
      return Error("calls of " + to_source(*e.object) +
                       " are not supported in TVMScript (only T.* functions, the script's "
                       "functions, Buffer.access_ptr and Buffer.vload)",
                   e.loc);
    }
    case AstKind::Unary: {
      auto v = Eval(*e.object);
      if (!v) return v.error();
      return ApplyUnary(e.unary_op, *v, e.loc);
    }
    case AstKind::Binary: {
      auto a = Eval(*e.left);
      if (!a) return a.error();
      auto b = Eval(*e.right);
      if (!b) return b.error();
      return ApplyBinary(e.binary_op, *a, *b, e.op_loc);
    }
    case AstKind::Compare: {
      if (e.chained)
        return Error("chained comparisons are not supported in TVMScript (use T.And)", e.op_loc);
      auto a = Eval(*e.left);
      if (!a) return a.error();
      auto b = Eval(*e.right);
      if (!b) return b.error();
      return ApplyCompare(e.compare_op, *a, *b, e.op_loc);
    }
    case AstKind::And:
    case AstKind::Or: {
      bool is_and = e.kind == AstKind::And;
      auto a = Eval(*e.left);
      if (!a) return a.error();
      if (!a->is_expr()) {
        if (a->truthy() != is_and) return *a;
        return Eval(*e.right);
      }
      auto b = Eval(*e.right);
      if (!b) return b.error();
      return Logical(is_and, *a, *b, e.op_loc);
    }
    case AstKind::Not: {
      auto v = Eval(*e.object);
      if (!v) return v.error();
      return ApplyNot(*v, e.loc);
    }
    case AstKind::IfExp: {
      auto cond = Eval(*e.object);
      if (!cond) return cond.error();
      if (cond->is_expr())
        return Error(
            "`x if cond else y` needs a Python condition in TVMScript; use "
            "T.if_then_else(cond, x, y) for an expression",
            e.loc);
      return Eval(cond->truthy() ? *e.left : *e.right);
    }
    case AstKind::Dict:
      return Error(
          "a dict is allowed only as T.func_attr's, T.block_attr's or a loop's annotations", e.loc);
    case AstKind::Lambda:
      return Error("lambda is not supported in TVMScript", e.loc);
    case AstKind::Set:
      return Error("a set is not supported in TVMScript", e.loc);
    case AstKind::ListComp:
    case AstKind::DictComp:
    case AstKind::SetComp:
      return Error("comprehensions are not supported in TVMScript", e.loc);
    case AstKind::Starred:
      return Error("*unpacking is not supported in TVMScript", e.loc);
    case AstKind::Slice:
      return Error("a slice is allowed only in a buffer region of T.reads / T.writes", e.loc);
  }
  return Error("unsupported expression in TVMScript", e.loc);
}

}  // namespace tessera::script::tvmscript
