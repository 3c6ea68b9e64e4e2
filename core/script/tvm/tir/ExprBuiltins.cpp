#include "script/tvm/tir/ExprBuiltins.h"

#include "ir/ExprOp.h"
#include "ir/FixedPointMultiply.h"
#include "script/lang/Args.h"
#include "script/lang/Operators.h"
#include "script/tvm/script/TvmScriptModule.h"
#include "script/tvm/tir/TargetCallBuiltins.h"

namespace tessera::script {

namespace {

using ir::DataType;
using ir::Expr;

using BinaryBuilder = Expr (*)(Expr, Expr);

Result<DataType> ParseDtype(const Args& args, const std::string& param) {
  auto name = args.String(param);
  if (!name) return name.error();
  auto t = DataType::parse(*name);
  if (!t) return args.ErrorAt(param, "unknown dtype \"" + *name + "\"");
  return *t;
}

// Gives an immediate the other operand's type, as TVM's binary helpers do.
void MatchImmediate(Expr& a, Expr& b) {
  auto retype = [](Expr& imm, DataType t) {
    if (auto* i = imm.as<ir::IntImmNode>())
      imm = ir::make_const(t, i->value);
    else if (auto* f = imm.as<ir::FloatImmNode>())
      imm = ir::make_const(t, f->value);
  };
  if (a.dtype() == b.dtype()) return;
  if (ir::is_const(b) && !ir::is_const(a))
    retype(b, a.dtype());
  else if (ir::is_const(a) && !ir::is_const(b))
    retype(a, b.dtype());
}

// tvm.tir.truncdiv(a, b) and friends: integer division in an explicit rounding mode.
void RegisterDivision(Interpreter& interp, const std::string& name, BinaryBuilder build,
                      bool divides) {
  interp.RegisterFunction(
      "tvm.tir." + name,
      [name, build, divides](Interpreter&, const CallArgs& call) -> Result<Value> {
        Args args(call, name, {"a", "b"}, 2);
        if (!args.status()) return args.status().error();
        auto a = args.Expr("a");
        if (!a) return a.error();
        auto b = args.Expr("b");
        if (!b) return b.error();
        if (divides && ir::is_zero(*b)) return args.ErrorAt("b", "division by zero");
        return Value::FromExpr(build(*a, *b));
      });
  AliasTirName(interp, name);
}

Result<Value> Select(Interpreter&, const CallArgs& call, const std::string& name) {
  Args args(call, name, {"cond", "t", "f"}, 3);
  if (!args.status()) return args.status().error();
  auto cond = args.Expr("cond");
  if (!cond) return cond.error();
  if (!cond->dtype().is_bool()) return args.TypeError("cond", "a boolean condition");
  auto t = args.Expr("t");
  if (!t) return t.error();
  auto f = args.Expr("f");
  if (!f) return f.error();
  MatchImmediate(*t, *f);
  if (t->dtype() != f->dtype())
    return args.ErrorAt("f", "both branches must have the same type (" + t->dtype().str() +
                                 " and " + f->dtype().str() + ")");
  if (name == "Select") return Value::FromExpr(ir::select(*cond, *t, *f));
  return Value::FromExpr(ir::MakeCall(t->dtype(), "if_then_else", {*cond, *t, *f}));
}

// tvm.tir.all(a, b, ...) / any(...): the conjunction / disjunction of conditions.
Result<Value> AllAny(const CallArgs& call, bool is_all) {
  std::string name = is_all ? "all" : "any";
  if (auto st = NoKeywords(call, name); !st) return st.error();
  if (call.positional.empty()) return Error(name + "() needs at least one condition", call.loc);
  Expr result;
  for (size_t i = 0; i < call.positional.size(); ++i) {
    auto c = ToBoolExpr(call.positional[i], name + "()", call.positional_locs[i]);
    if (!c) return c.error();
    result = !result.defined() ? *c
             : is_all          ? ir::logical_and(result, *c)
                               : ir::logical_or(result, *c);
  }
  return Value::FromExpr(result);
}

// tvm.tir.const(value, dtype=None): int -> int32, float -> float32, bool -> bool.
Result<Value> Const(const CallArgs& call, const std::string& name) {
  Args args(call, name, {"value", "dtype"}, 1);
  if (!args.status()) return args.status().error();
  const Value& v = args.get("value");
  if (!v.is_number()) return args.TypeError("value", "a number");
  DataType t = v.is_bool()    ? DataType::Bool()
               : v.is_float() ? DataType::Float(32)
                              : DataType::Int(32);
  if (args.has("dtype") && !args.get("dtype").is_none()) {
    auto parsed = ParseDtype(args, "dtype");
    if (!parsed) return parsed.error();
    t = *parsed;
  }
  if (v.is_float() && !t.is_float()) return Value::FromExpr(ir::make_const(t, v.as_float()));
  if (v.is_float()) return Value::FromExpr(ir::make_const(t, v.as_float()));
  return Value::FromExpr(ir::make_const(t, v.as_int()));
}

// te.var / te.size_var / tvm.tir.Var / tvm.tir.SizeVar.
Result<Value> MakeVariable(const CallArgs& call, const std::string& name, bool size_var,
                           const std::string& default_name, bool name_required) {
  Args args(call, name, {"name", "dtype"}, name_required ? 2 : 0);
  if (!args.status()) return args.status().error();
  std::string var_name = default_name;
  if (args.has("name")) {
    auto n = args.String("name");
    if (!n) return n.error();
    var_name = *n;
  }
  DataType t = DataType::Int(32);
  if (args.has("dtype")) {
    auto parsed = ParseDtype(args, "dtype");
    if (!parsed) return parsed.error();
    t = *parsed;
  }
  return Value::FromExpr(size_var ? ir::SizeVar(var_name, t) : ir::Var(var_name, t));
}

// tvm.tir.Cast(dtype, value), and tvm.tir.generic.cast(src, dtype) (TVMScript's
// T.cast(x, "float16")), which takes them the other way round: `params` in call order,
// the cast value's named `value_param`.
Result<Value> Cast(const CallArgs& call, const char* name, std::vector<std::string> params,
                   const std::string& value_param) {
  Args args(call, name, std::move(params), 2);
  if (!args.status()) return args.status().error();
  auto t = ParseDtype(args, "dtype");
  if (!t) return t.error();
  auto v = args.Expr(value_param);
  if (!v) return v.error();
  return Value::FromExpr(ir::cast(*t, *v));
}

Result<Value> Immediate(const CallArgs& call, const std::string& name) {
  Args args(call, name, {"dtype", "value"}, 2);
  if (!args.status()) return args.status().error();
  auto t = ParseDtype(args, "dtype");
  if (!t) return t.error();
  const Value& v = args.get("value");
  if (!v.is_number()) return args.TypeError("value", "a number");
  if (name == "IntImm" && (!v.is_integer() || t->is_float()))
    return args.ErrorAt("value", "IntImm needs an integer value and an integer dtype");
  return Value::FromExpr(v.is_float() ? ir::make_const(*t, v.as_float())
                                      : ir::make_const(*t, v.as_int()));
}

// A vector's lane count: a constant above 1, as TVM's Ramp and Broadcast check.
Result<int> VectorLanes(const Args& args) {
  const Value& v = args.get("lanes");
  std::optional<Expr> e = v.is_string() || v.is_bool() ? std::nullopt : ToExpr(v);
  const int64_t* n = e ? ir::as_const_int(*e) : nullptr;
  if (!n || *n < 2 || *n > 65536) return args.TypeError("lanes", "an integer constant above 1");
  return static_cast<int>(*n);
}

Result<Value> Extreme(const CallArgs& call, bool is_max) {
  std::string name = is_max ? "max_value" : "min_value";
  Args args(call, name, {"dtype"}, 1);
  if (!args.status()) return args.status().error();
  auto t = ParseDtype(args, "dtype");
  if (!t) return t.error();
  return Value::FromExpr(is_max ? ir::max_value(*t) : ir::min_value(*t));
}

Result<Value> Logical(const CallArgs& call, const std::string& name) {
  size_t arity = name == "Not" ? 1 : 2;
  std::vector<std::string> params =
      arity == 1 ? std::vector<std::string>{"a"} : std::vector<std::string>{"a", "b"};
  Args args(call, name, params, arity);
  if (!args.status()) return args.status().error();
  auto a = ToBoolExpr(args.get("a"), name + "()", args.loc("a"));
  if (!a) return a.error();
  // The node constructors, as TVM's tir.And / tir.Or / tir.Not: nothing is folded.
  if (arity == 1) return Value::FromExpr(ir::MakeNot(*a));
  auto b = ToBoolExpr(args.get("b"), name + "()", args.loc("b"));
  if (!b) return b.error();
  return Value::FromExpr(
      ir::MakeBinary(name == "And" ? ir::ExprKind::And : ir::ExprKind::Or, *a, *b));
}

// tvm.tir.q_multiply_shift / q_multiply_shift_per_axis (ir/FixedPointMultiply.h).
Result<Value> FixedPointMultiply(const CallArgs& call, bool per_axis) {
  const char* name = per_axis ? "q_multiply_shift_per_axis" : "q_multiply_shift";
  std::vector<std::string> params = per_axis ? std::vector<std::string>{"x",
                                                                        "y",
                                                                        "ls",
                                                                        "rs",
                                                                        "q",
                                                                        "is_lshift_required",
                                                                        "is_rshift_required"}
                                             : std::vector<std::string>{"x", "y", "q", "s"};
  size_t count = params.size();
  Args args(call, name, params, count);
  if (!args.status()) return args.status().error();
  std::vector<ir::Expr> operands;
  for (const std::string& p : params) {
    auto e = args.Expr(p);
    if (!e) return e.error();
    operands.push_back(*e);
  }
  auto made = per_axis ? ir::MakeQMultiplyShiftPerAxis(std::move(operands))
                       : ir::MakeQMultiplyShift(std::move(operands));
  if (!made) return Error(made.error().message, call.loc);
  return Value::FromExpr(*made);
}

}  // namespace

void AliasTirName(Interpreter& interp, const std::string& name) {
  interp.Alias("tvm.te." + name, "tvm.tir." + name);
  interp.Alias("tvm." + name, "tvm.tir." + name);
}

Result<Value> DirectMinMax(bool is_max, const CallArgs& call) {
  std::string name = is_max ? "max" : "min";
  if (auto st = NoKeywords(call, name); !st) return st.error();
  if (call.positional.size() < 2)
    return Error(name + "() needs two or more values, or an expression and axis=", call.loc);
  Expr result;
  for (size_t i = 0; i < call.positional.size(); ++i) {
    auto e = ToExpr(call.positional[i]);
    if (!e || call.positional[i].is_string())
      return Error(name + "(): argument " + std::to_string(i + 1) +
                       " must be a number or an expression, not " + call.positional[i].type_name(),
                   call.positional_locs[i]);
    result = !result.defined() ? *e : is_max ? ir::max(result, *e) : ir::min(result, *e);
  }
  return Value::FromExpr(result);
}

void RegisterExprBuiltins(Interpreter& interp) {
  RegisterDivision(interp, "truncdiv", &ir::truncdiv, true);
  RegisterDivision(interp, "truncmod", &ir::truncmod, true);
  RegisterDivision(interp, "floordiv", &ir::floordiv, true);
  RegisterDivision(interp, "floormod", &ir::floormod, true);
  RegisterDivision(interp, "indexdiv", &ir::floordiv, true);
  RegisterDivision(interp, "indexmod", &ir::floormod, true);
  RegisterDivision(interp, "div", &ir::truncdiv, true);
  RegisterDivision(interp, "ceildiv", &ir::ceildiv, true);

  for (std::string name : {"Select", "if_then_else"}) {
    interp.RegisterFunction("tvm.tir." + name, [name](Interpreter& i, const CallArgs& c) {
      return Select(i, c, name);
    });
  }
  AliasTirName(interp, "if_then_else");
  interp.Alias("tvm.select", "tvm.tir.Select");  // pre-0.7 spelling

  // likely(cond): the condition, marked as the likely case for loop partitioning.
  interp.RegisterFunction("tvm.tir.likely", [](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "likely", {"cond", "span"}, 1);
    if (!args.status()) return args.status().error();
    auto cond = ToBoolExpr(args.get("cond"), "likely()", args.loc("cond"));
    if (!cond) return cond.error();
    return Value::FromExpr(ir::MakeCall(cond->dtype(), "likely", {*cond}));
  });
  AliasTirName(interp, "likely");
  // Ramp(base, stride, lanes) and Broadcast(value, lanes): the vectors TVM prints for
  // vector accesses and operands (T.Ramp, T.Broadcast).
  interp.RegisterFunction("tvm.tir.Ramp", [](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "Ramp", {"base", "stride", "lanes", "span"}, 3);
    if (!args.status()) return args.status().error();
    auto base = args.Expr("base");
    if (!base) return base.error();
    auto stride = args.Expr("stride");
    if (!stride) return stride.error();
    auto lanes = VectorLanes(args);
    if (!lanes) return lanes.error();
    if (!base->dtype().is_scalar() || !base->dtype().is_int())
      return args.TypeError("base", "a scalar integer expression");
    if (!stride->dtype().is_scalar() || !stride->dtype().is_int())
      return args.TypeError("stride", "a scalar integer expression");
    if (stride->dtype() != base->dtype()) stride = ir::cast(base->dtype(), *stride);
    return Value::FromExpr(ir::MakeRamp(*base, *stride, *lanes));
  });
  interp.RegisterFunction("tvm.tir.Broadcast",
                          [](Interpreter&, const CallArgs& c) -> Result<Value> {
                            Args args(c, "Broadcast", {"value", "lanes", "span"}, 2);
                            if (!args.status()) return args.status().error();
                            auto value = args.Expr("value");
                            if (!value) return value.error();
                            auto lanes = VectorLanes(args);
                            if (!lanes) return lanes.error();
                            if (!value->dtype().is_scalar())
                              return args.TypeError("value", "a scalar expression");
                            return Value::FromExpr(ir::MakeBroadcast(*value, *lanes));
                          });
  interp.RegisterFunction("tvm.tir.all",
                          [](Interpreter&, const CallArgs& c) { return AllAny(c, true); });
  interp.RegisterFunction("tvm.tir.any",
                          [](Interpreter&, const CallArgs& c) { return AllAny(c, false); });
  AliasTirName(interp, "all");
  AliasTirName(interp, "any");
  for (std::string name : {"Not", "And", "Or"})
    interp.RegisterFunction("tvm.tir." + name,
                            [name](Interpreter&, const CallArgs& c) { return Logical(c, name); });

  interp.RegisterFunction("tvm.tir.const",
                          [](Interpreter&, const CallArgs& c) { return Const(c, "const"); });
  RegisterTargetCallBuiltins(interp);
  RegisterTvmScriptModule(interp);  // T.int32(16): TVMScript's typed constants
  AliasTirName(interp, "const");
  for (std::string name : {"IntImm", "FloatImm"})
    interp.RegisterFunction("tvm.tir." + name,
                            [name](Interpreter&, const CallArgs& c) { return Immediate(c, name); });
  interp.RegisterFunction("tvm.tir.Cast", [](Interpreter&, const CallArgs& c) {
    return Cast(c, "Cast", {"dtype", "value"}, "value");
  });
  interp.RegisterFunction("tvm.tir.generic.cast", [](Interpreter&, const CallArgs& c) {
    return Cast(c, "cast", {"src", "dtype", "span"}, "src");
  });
  interp.RegisterFunction("tvm.tir.max_value",
                          [](Interpreter&, const CallArgs& c) { return Extreme(c, true); });
  interp.RegisterFunction("tvm.tir.min_value",
                          [](Interpreter&, const CallArgs& c) { return Extreme(c, false); });
  AliasTirName(interp, "max_value");
  AliasTirName(interp, "min_value");

  interp.RegisterFunction("tvm.tir.Var", [](Interpreter&, const CallArgs& c) {
    return MakeVariable(c, "Var", false, "v", true);
  });
  interp.RegisterFunction("tvm.tir.SizeVar", [](Interpreter&, const CallArgs& c) {
    return MakeVariable(c, "SizeVar", true, "size", true);
  });
  interp.RegisterFunction("tvm.te.var", [](Interpreter&, const CallArgs& c) {
    return MakeVariable(c, "var", false, "tindex", false);
  });
  interp.RegisterFunction("tvm.te.size_var", [](Interpreter&, const CallArgs& c) {
    return MakeVariable(c, "size_var", true, "size", false);
  });
  interp.Alias("tvm.var", "tvm.te.var");
  interp.Alias("tvm.size_var", "tvm.te.size_var");

  // Without an axis, te.max / te.min take the max / min of their arguments; the tensor
  // built-ins replace these with versions that also reduce over axes.
  interp.RegisterFunction("tvm.tir.max",
                          [](Interpreter&, const CallArgs& c) { return DirectMinMax(true, c); });
  interp.RegisterFunction("tvm.tir.min",
                          [](Interpreter&, const CallArgs& c) { return DirectMinMax(false, c); });
  AliasTirName(interp, "max");
  AliasTirName(interp, "min");
  interp.RegisterFunction("tvm.tir.q_multiply_shift", [](Interpreter&, const CallArgs& c) {
    return FixedPointMultiply(c, false);
  });
  interp.RegisterFunction("tvm.tir.q_multiply_shift_per_axis", [](Interpreter&, const CallArgs& c) {
    return FixedPointMultiply(c, true);
  });
}

}  // namespace tessera::script
