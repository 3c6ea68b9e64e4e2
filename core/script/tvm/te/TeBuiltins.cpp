#include "script/tvm/te/TeBuiltins.h"

#include <map>

#include "ir/BitOps.h"
#include "ir/ExprOp.h"
#include "script/lang/Args.h"
#include "script/lang/InterpreterState.h"
#include "script/lang/Operators.h"
#include "script/tvm/te/CommReducerObject.h"
#include "script/tvm/te/ExternObjects.h"
#include "script/tvm/te/OperationAttrs.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/tir/ExprBuiltins.h"
#include "te/Compute.h"
#include "te/Intrinsics.h"
#include "te/Scan.h"

namespace tessera::script {

namespace {

using ir::DataType;
using ir::Expr;

// Default operation names are made unique ("compute", "compute_1", ...) because the
// schedule addresses stages by name; explicit names are kept as written.
class NameSource {
 public:
  std::string Take(const std::string& base, bool explicit_name) {
    int seen = used_[base]++;
    if (explicit_name || seen == 0) return base;
    return base + "_" + std::to_string(seen);
  }

 private:
  std::map<std::string, int> used_;
};

NameSource& NamesOf(Interpreter& interp) {
  return InterpreterState<NameSource>(interp, "<te names>");
}

// A shape: a tuple / list of integer dimensions, or one dimension.
Result<std::vector<Expr>> ShapeOf(const Args& args, const std::string& param) {
  const Value& v = args.get(param);
  std::vector<Value> dims = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<Expr> shape;
  for (size_t i = 0; i < dims.size(); ++i) {
    auto e = ToExpr(dims[i]);
    if (!e || dims[i].is_string() || !e->dtype().is_integer())
      return args.ErrorAt(
          param, "dimension " + std::to_string(i) + " of the shape must be an integer, not " +
                     (e && !dims[i].is_string() ? e->dtype().str() : dims[i].type_name()));
    shape.push_back(*e);
  }
  return shape;
}

Result<DataType> DtypeOf(const Args& args, const std::string& param, DataType fallback) {
  if (!args.has(param) || args.get(param).is_none()) return fallback;
  auto name = args.String(param);
  if (!name) return name.error();
  auto t = DataType::parse(*name);
  if (!t) return args.ErrorAt(param, "unknown dtype \"" + *name + "\"");
  return *t;
}

Result<std::string> NameOf(const Args& args, const std::string& fallback) {
  if (!args.has("name")) return fallback;
  return args.String("name");
}

Result<Value> Placeholder(const CallArgs& call, NameSource& names) {
  Args args(call, "placeholder", {"shape", "dtype", "name"}, 1);
  if (!args.status()) return args.status().error();
  auto shape = ShapeOf(args, "shape");
  if (!shape) return shape.error();
  auto dtype = DtypeOf(args, "dtype", DataType::Float(32));
  if (!dtype) return dtype.error();
  auto name = NameOf(args, "placeholder");
  if (!name) return name.error();
  auto t = te::placeholder(*shape, *dtype, names.Take(*name, args.has("name")));
  if (!t) return Error(t.error().message, call.loc);
  return MakeTensorValue(*t);
}

// The compute function's body for axis vars `vars`: one expression, or several for a
// multi-output compute. Errors are kept in *error (te::compute takes a plain function).
std::vector<Expr> CallComputeFunction(Interpreter& interp, const Value& fcompute,
                                      const std::vector<ir::Var>& vars, const SourceLoc& loc,
                                      std::optional<Error>* error) {
  CallArgs call;
  call.loc = loc;
  for (const ir::Var& v : vars) {
    call.positional.push_back(Value::FromExpr(v));
    call.positional_locs.push_back(loc);
  }
  auto body = interp.CallValue(fcompute, call);
  if (!body) {
    *error = body.error();
    return {ir::make_zero(DataType::Int(32))};
  }
  std::vector<Value> values = body->is_sequence() ? body->items() : std::vector<Value>{*body};
  std::vector<Expr> exprs;
  for (const Value& v : values) {
    auto e = ToExpr(v);
    if (!e || v.is_string()) {
      *error = Error("the compute function must return an expression, not " + v.type_name(), loc);
      return {ir::make_zero(DataType::Int(32))};
    }
    exprs.push_back(*e);
  }
  if (exprs.empty()) {
    *error = Error("the compute function returned no expression", loc);
    return {ir::make_zero(DataType::Int(32))};
  }
  return exprs;
}

// te.tag_scope(tag): the tag te.compute gives the operations created inside it (TVM's
// TagScope), as a `with` block or as a decorator of a def (topi's @tag_scope(tag=...)).
// The innermost scope's tag is kept in the interpreter's globals under a name no script
// can write.
constexpr const char* kTagScopeGlobal = "<tag_scope>";

std::string CurrentTagScope(const Interpreter& interp) {
  auto it = interp.globals().find(kTagScopeGlobal);
  if (it == interp.globals().end() || it->second.kind() != Value::Kind::List ||
      it->second.items().empty())
    return "";
  return it->second.items().back().as_string();
}

struct TagScopeObject : Object {
  std::string tag;
  std::string type_name() const override { return "TagScope"; }
  // TVM's TagScope refuses a scope inside another (ValueError), as a `with` block and
  // as a decorated function called inside one.
  static Status Push(Interpreter& interp, const std::string& tag, const SourceLoc& loc) {
    if (std::string outer = CurrentTagScope(interp); !outer.empty())
      return Error("ValueError: nested op_tag is not allowed for now (tag_scope '" + tag +
                       "' inside tag_scope '" + outer + "')",
                   loc);
    auto it = interp.globals().find(kTagScopeGlobal);
    std::vector<Value> stack =
        it == interp.globals().end() ? std::vector<Value>{} : it->second.items();
    stack.push_back(Value::String(tag));
    interp.SetGlobal(kTagScopeGlobal, Value::List(std::move(stack)));
    return Status::Ok();
  }
  static void Pop(Interpreter& interp) {
    auto it = interp.globals().find(kTagScopeGlobal);
    if (it == interp.globals().end()) return;
    std::vector<Value> stack = it->second.items();
    if (!stack.empty()) stack.pop_back();
    interp.SetGlobal(kTagScopeGlobal, Value::List(std::move(stack)));
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    std::string t = tag;
    if (name == "__enter__")
      return MakeFunction(name, [t](Interpreter& in, const CallArgs& c) -> Result<Value> {
        if (Status st = Push(in, t, c.loc); !st) return st.error();
        return Value();
      });
    if (name == "__exit__")
      return MakeFunction(name, [](Interpreter& in, const CallArgs&) -> Result<Value> {
        Pop(in);
        return Value();
      });
    if (name == "tag") return Value::String(tag);
    return Object::GetAttr(interp, name, loc);
  }
  // @tag_scope(tag=...) on a def: the function runs inside the scope.
  Result<Value> Call(Interpreter&, const CallArgs& args) const override {
    if (args.positional.size() != 1 || !args.keywords.empty())
      return Error("tag_scope(...) decorates one function", args.loc);
    Value fn = args.positional[0];
    std::string t = tag;
    return MakeFunction("tagged", [fn, t](Interpreter& in, const CallArgs& call) -> Result<Value> {
      if (Status st = Push(in, t, call.loc); !st) return st.error();
      auto r = in.CallValue(fn, call);
      Pop(in);
      return r;
    });
  }
};

Result<Value> Compute(Interpreter& interp, const CallArgs& call, NameSource& names) {
  Args args(call, "compute", {"shape", "fcompute", "name", "tag", "attrs"}, 2);
  if (!args.status()) return args.status().error();
  auto shape = ShapeOf(args, "shape");
  if (!shape) return shape.error();
  const Value& fcompute = args.get("fcompute");
  std::vector<std::string> axis_names;
  // A def names the axes after its positional parameters too (TVM reads co_varnames:
  // `def f(n): ...; te.compute(X.shape, f)` has the axis n, as test_loop_dep_reduce).
  if (auto* def = fcompute.as<FunctionObject>()) {
    for (const AstParam& p : def->def->params)
      if (p.kind == ParamKind::Positional && axis_names.size() < shape->size())
        axis_names.push_back(p.name);
    for (size_t k = axis_names.size(); k < shape->size(); ++k)
      axis_names.push_back("i" + std::to_string(k));
  } else if (auto* lambda = fcompute.as<LambdaObject>()) {
    // As TVM's te.compute: the named parameters name the first axes; `*rest` takes the
    // remaining dimensions, named i<k> after their position (`lambda *i: A(*i)`).
    const size_t named = lambda->arity();
    if (lambda->variadic() ? named > shape->size() : named != shape->size())
      return Error("the compute function takes " +
                       std::string(lambda->variadic() ? "at least " : "") + std::to_string(named) +
                       " argument" + (named == 1 ? "" : "s") + " but the shape has " +
                       std::to_string(shape->size()) + " dimension" +
                       (shape->size() == 1 ? "" : "s"),
                   lambda->node->loc);
    for (const AstParam& p : lambda->node->params)
      if (p.kind == ParamKind::Positional) axis_names.push_back(p.name);
    for (size_t k = named; k < shape->size(); ++k) axis_names.push_back("i" + std::to_string(k));
  } else if (!fcompute.is_object()) {
    return args.TypeError("fcompute", "a function (lambda)");
  }
  auto name = NameOf(args, "compute");
  if (!name) return name.error();
  std::string tag = CurrentTagScope(interp);
  if (args.has("tag")) {
    auto t = args.String("tag");
    if (!t) return t.error();
    if (!tag.empty() && !t->empty())  // TVM's message
      return args.ErrorAt("tag",
                          "nested tag is not allowed for now (inside tag_scope '" + tag + "')");
    if (!t->empty()) tag = *t;
  }
  std::optional<Error> body_error;
  auto f = [&](const std::vector<ir::Var>& vars) {
    return CallComputeFunction(interp, fcompute, vars, args.loc("fcompute"), &body_error);
  };
  auto tensors = te::compute_multi(*shape, f, names.Take(*name, args.has("name")), tag, axis_names);
  if (body_error) return *body_error;
  if (!tensors) return Error(tensors.error().message, call.loc);
  if (args.has("attrs"))
    if (Status st =
            SetOperationAttrs(interp, tensors->front().op(), args.get("attrs"), args.loc("attrs"));
        !st)
      return st.error();
  if (tensors->size() == 1) return MakeTensorValue(tensors->front());
  std::vector<Value> outs;
  for (const te::Tensor& t : *tensors) outs.push_back(MakeTensorValue(t));
  return Value::List(std::move(outs));
}

// A tensor or a list / tuple of tensors (te.scan's init, update, state_placeholder).
Result<std::vector<te::Tensor>> TensorsOf(const Args& args, const std::string& param) {
  const Value& v = args.get(param);
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<te::Tensor> out;
  for (const Value& item : items) {
    te::Tensor t = AsTensor(item);
    if (!t.defined()) return args.TypeError(param, "a tensor or a list of tensors");
    out.push_back(t);
  }
  return out;
}

// te.scan(init, update, state_placeholder, inputs=None, name="scan", tag="", attrs=None):
// one tensor per state, or the tensor itself when there is one state (as TVM returns).
Result<Value> Scan(Interpreter& interp, const CallArgs& call, NameSource& names) {
  Args args(call, "scan", {"init", "update", "state_placeholder", "inputs", "name", "tag", "attrs"},
            3);
  if (!args.status()) return args.status().error();
  std::vector<std::vector<te::Tensor>> lists;
  for (const char* param : {"init", "update", "state_placeholder"}) {
    auto tensors = TensorsOf(args, param);
    if (!tensors) return tensors.error();
    lists.push_back(*tensors);
  }
  std::vector<te::Tensor> inputs;
  if (args.has("inputs") && !args.get("inputs").is_none()) {
    auto in = TensorsOf(args, "inputs");
    if (!in) return in.error();
    inputs = *in;
  }
  auto name = NameOf(args, "scan");
  if (!name) return name.error();
  // As te.compute: the enclosing tag_scope's tag, which a tag= of its own may not override.
  std::string tag = CurrentTagScope(interp);
  if (args.has("tag")) {
    auto t = args.String("tag");
    if (!t) return t.error();
    if (!tag.empty() && !t->empty())
      return args.ErrorAt("tag",
                          "nested tag is not allowed for now (inside tag_scope '" + tag + "')");
    if (!t->empty()) tag = *t;
  }
  auto outs =
      te::scan(lists[0], lists[1], lists[2], inputs, names.Take(*name, args.has("name")), tag);
  if (!outs) return Error(outs.error().message, call.loc);
  if (args.has("attrs"))
    if (Status st =
            SetOperationAttrs(interp, outs->front().op(), args.get("attrs"), args.loc("attrs"));
        !st)
      return st.error();
  if (outs->size() == 1) return MakeTensorValue(outs->front());
  std::vector<Value> values;
  for (const te::Tensor& t : *outs) values.push_back(MakeTensorValue(t));
  return Value::List(std::move(values));
}

// (min, max) as TVM's reduce_axis / thread_axis take it: the range [min, max).
Result<ir::Range> RangeOf(const Args& args, const std::string& param) {
  const Value& v = args.get(param);
  if (!v.is_sequence() || v.items().size() != 2)
    return args.TypeError(param, "a (begin, end) tuple");
  auto begin = ToExpr(v.items()[0]);
  auto end = ToExpr(v.items()[1]);
  if (!begin || !end || !begin->dtype().is_integer() || !end->dtype().is_integer())
    return args.ErrorAt(param, "the range bounds must be integers");
  return ir::Range::FromBeginEnd(*begin, *end);
}

Result<Value> ReduceAxis(const CallArgs& call, NameSource& names) {
  Args args(call, "reduce_axis", {"dom", "name", "thread_tag"}, 1);
  if (!args.status()) return args.status().error();
  auto dom = RangeOf(args, "dom");
  if (!dom) return dom.error();
  auto name = NameOf(args, "rv");
  if (!name) return name.error();
  return MakeIterVarValue(te::reduce_axis(*dom, names.Take(*name, args.has("name"))));
}

// te.thread_axis("threadIdx.x") or te.thread_axis((0, 32), "threadIdx.x").
Result<Value> ThreadAxis(const CallArgs& call) {
  Args args(call, "thread_axis", {"dom", "tag", "name"}, 0);
  if (!args.status()) return args.status().error();
  ir::Range dom;
  std::string tag;
  std::string tag_param = "tag";
  if (args.get("dom").is_string()) {
    tag = args.get("dom").as_string();
    tag_param = "dom";
  } else {
    if (args.has("dom") && !args.get("dom").is_none()) {
      auto r = RangeOf(args, "dom");
      if (!r) return r.error();
      dom = *r;
    }
    auto t = args.String("tag");
    if (!t) return t.error();
    tag = *t;
  }
  if (!te::is_thread_tag(tag))
    return args.ErrorAt(tag_param, "unknown thread tag \"" + tag +
                                       "\" (expected threadIdx.x/y/z, blockIdx.x/y/z, vthread)");
  std::string name;
  if (args.has("name") && !args.get("name").is_none()) {
    auto n = args.String("name");
    if (!n) return n.error();
    name = *n;
  }
  return MakeIterVarValue(te::thread_axis(tag, dom, name));
}

// The reduce axes of te.sum(..., axis=k) / axis=[k1, k2].
Result<std::vector<ir::IterVar>> AxesOf(const Args& args) {
  const Value& v = args.get("axis");
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<ir::IterVar> axes;
  for (const Value& item : items) {
    ir::IterVar iv = AsIterVar(item);
    if (!iv) return args.TypeError("axis", "a reduce axis or a list of reduce axes");
    if (iv->iter_type != ir::IterVarType::CommReduce)
      return args.ErrorAt("axis", "axis '" + iv->var.name() +
                                      "' is not a reduce axis (create it with te.reduce_axis)");
    axes.push_back(iv);
  }
  if (axes.empty()) return args.ErrorAt("axis", "needs at least one reduce axis");
  return axes;
}

bool IsAxisValue(const Value& v) {
  if (AsIterVar(v)) return true;
  if (!v.is_sequence()) return false;
  for (const Value& item : v.items())
    if (!AsIterVar(item)) return false;
  return true;
}

// te.sum / te.max / te.min. With an axis they reduce; te.max(a, b) without one is the
// plain maximum (TVM's reducers do the same).
Result<Value> Reduction(const CallArgs& call, const std::string& name) {
  bool has_axis_keyword = false;
  for (const auto& [k, v] : call.keywords) has_axis_keyword |= k == "axis";
  bool reduces =
      has_axis_keyword || (call.positional.size() >= 2 && IsAxisValue(call.positional[1]));
  if (!reduces && name != "sum") return DirectMinMax(name == "max", call);
  Args args(call, name, {"expr", "axis", "where", "init"}, 2);
  if (!args.status()) return args.status().error();
  if (args.has("init") && !args.get("init").is_none())
    return args.ErrorAt("init", "init= is not supported by Tessera's reductions");
  auto source = args.Expr("expr");
  if (!source) return source.error();
  auto axes = AxesOf(args);
  if (!axes) return axes.error();
  Expr where;
  if (args.has("where") && !args.get("where").is_none()) {
    auto w = ToBoolExpr(args.get("where"), name + "(): where=", args.loc("where"));
    if (!w) return w.error();
    where = *w;
  }
  if (name == "sum") return Value::FromExpr(te::sum(*source, *axes, where));
  if (name == "max") return Value::FromExpr(te::max(*source, *axes, where));
  return Value::FromExpr(te::min(*source, *axes, where));
}

Result<Value> Intrinsic(const CallArgs& call, const std::string& name) {
  if (auto st = NoKeywords(call, name); !st) return st.error();
  std::vector<Expr> args;
  for (size_t i = 0; i < call.positional.size(); ++i) {
    auto e = ToExpr(call.positional[i]);
    if (!e || call.positional[i].is_string())
      return Error(name + "(): argument " + std::to_string(i + 1) +
                       " must be a number or an expression, not " + call.positional[i].type_name(),
                   call.positional_locs[i]);
    args.push_back(*e);
  }
  std::string op = name == "power" ? "pow" : name;
  Expr result = te::call_intrinsic(op, args);
  if (!result.defined())
    return Error(
        name + "() got the wrong number of arguments (" + std::to_string(args.size()) + " given)",
        call.loc);
  return Value::FromExpr(result);
}

// tvm.tir.shift_left(x, n), bitwise_and(a, b), ...: the same calls the operators build.
Result<Value> BitIntrinsic(const CallArgs& call, const std::string& name) {
  if (auto st = NoKeywords(call, name); !st) return st.error();
  auto info = ir::LookupBitOp(name);
  if (static_cast<int>(call.positional.size()) != info->arity)
    return Error(name + "() takes " + std::to_string(info->arity) + " argument" +
                     (info->arity == 1 ? "" : "s") + " (" + std::to_string(call.positional.size()) +
                     " given)",
                 call.loc);
  std::vector<Expr> args;
  for (size_t i = 0; i < call.positional.size(); ++i) {
    auto e = ToExpr(call.positional[i]);
    if (!e || call.positional[i].is_string())
      return Error(name + "(): argument " + std::to_string(i + 1) +
                       " must be an integer or an integer expression, not " +
                       call.positional[i].type_name(),
                   call.positional_locs[i]);
    args.push_back(*e);
  }
  ir::BitOpBuild built = ir::MakeBitOp(info->op, args[0], args.size() > 1 ? args[1] : Expr());
  if (!built.expr.defined()) {
    // Point at the offending argument when one is not an integer.
    SourceLoc at = call.loc;
    for (size_t i = args.size(); i-- > 0;)
      if (!args[i].dtype().is_integer()) at = call.positional_locs[i];
    return Error(name + "(): " + built.error, at);
  }
  return Value::FromExpr(built.expr);
}

}  // namespace

void RegisterTeBuiltins(Interpreter& interp) {
  RegisterExprBuiltins(interp);
  interp.RegisterFunction("tvm.te.placeholder", [](Interpreter& in, const CallArgs& c) {
    return Placeholder(c, NamesOf(in));
  });
  interp.RegisterFunction("tvm.te.tag_scope", [](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "tag_scope", {"tag"}, 1);
    if (!args.status()) return args.status().error();
    auto tag = args.String("tag");
    if (!tag) return tag.error();
    auto scope = std::make_shared<TagScopeObject>();
    scope->tag = *tag;
    return Value::FromObject(scope);
  });
  interp.Alias("tvm.tag_scope", "tvm.te.tag_scope");
  interp.RegisterFunction("tvm.te.compute", [](Interpreter& in, const CallArgs& c) {
    return Compute(in, c, NamesOf(in));
  });
  interp.RegisterFunction("tvm.te.reduce_axis", [](Interpreter& in, const CallArgs& c) {
    return ReduceAxis(c, NamesOf(in));
  });
  interp.RegisterFunction("tvm.te.thread_axis",
                          [](Interpreter&, const CallArgs& c) { return ThreadAxis(c); });
  interp.RegisterFunction(
      "tvm.te.scan", [](Interpreter& in, const CallArgs& c) { return Scan(in, c, NamesOf(in)); });
  for (const char* name : {"placeholder", "compute", "reduce_axis", "thread_axis", "scan"})
    interp.Alias(std::string("tvm.") + name, std::string("tvm.te.") + name);

  for (std::string name : {"sum", "max", "min"}) {
    interp.RegisterFunction("tvm.tir." + name,
                            [name](Interpreter&, const CallArgs& c) { return Reduction(c, name); });
    AliasTirName(interp, name);
  }
  interp.RegisterFunction("tvm.tir.comm_reducer",
                          [](Interpreter&, const CallArgs& c) { return MakeCommReducerValue(c); });
  AliasTirName(interp, "comm_reducer");
  RegisterTensorIntrinBuiltins(interp);
  RegisterExternBuiltins(interp);

  for (std::string name :
       {"exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh", "sigmoid", "sin", "cos", "erf",
        "abs", "floor", "ceil", "round", "trunc", "pow", "power"}) {
    interp.RegisterFunction("tvm.tir." + name,
                            [name](Interpreter&, const CallArgs& c) { return Intrinsic(c, name); });
    AliasTirName(interp, name);
  }
  for (std::string name :
       {"shift_left", "shift_right", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not"}) {
    interp.RegisterFunction("tvm.tir." + name, [name](Interpreter&, const CallArgs& c) {
      return BitIntrinsic(c, name);
    });
    AliasTirName(interp, name);
  }
}

}  // namespace tessera::script
