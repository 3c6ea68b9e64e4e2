#include "script/tvm/te/CommReducerObject.h"

#include "script/lang/Args.h"
#include "script/lang/Operators.h"
#include "script/tvm/te/TeObjects.h"
#include "te/CommReducer.h"

namespace tessera::script {

namespace {

// The names of fcombine's two parameters (TVM names the reducer's variables after
// them); "x" and "y" for a function whose parameters are not known.
std::pair<std::string, std::string> CombineParamNames(const Value& fcombine) {
  if (auto* lambda = fcombine.as<LambdaObject>(); lambda && lambda->arity() == 2)
    return {lambda->node->params[0].name, lambda->node->params[1].name};
  return {"x", "y"};
}

CallArgs Positional(std::vector<Value> values, const SourceLoc& loc) {
  CallArgs call;
  call.loc = loc;
  for (Value& v : values) {
    call.positional.push_back(std::move(v));
    call.positional_locs.push_back(loc);
  }
  return call;
}

// The expressions of a function's result: one, or a tuple / list of them.
Result<std::vector<ir::Expr>> ExprsOf(const Value& v, const std::string& what,
                                      const SourceLoc& loc) {
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<ir::Expr> out;
  for (const Value& item : items) {
    auto e = ToExpr(item);
    if (!e || item.is_string())
      return Error(what + " must give expressions, not " + item.type_name(), loc);
    out.push_back(*e);
  }
  return out;
}

bool IsAxisArgument(const Value& v) { return AsIterVar(v) || v.is_sequence(); }

Result<std::vector<ir::IterVar>> ReducerAxesOf(const Args& args) {
  const Value& v = args.get("axis");
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<ir::IterVar> axes;
  for (const Value& item : items) {
    ir::IterVar iv = AsIterVar(item);
    if (!iv) return args.TypeError("axis", "a reduce axis or a list of reduce axes");
    axes.push_back(iv);
  }
  return axes;
}

}  // namespace

Result<Value> MakeCommReducerValue(const CallArgs& call) {
  Args args(call, "comm_reducer", {"fcombine", "fidentity", "name"}, 2);
  if (!args.status()) return args.status().error();
  auto object = std::make_shared<CommReducerObject>();
  object->fcombine = args.get("fcombine");
  object->fidentity = args.get("fidentity");
  object->loc = call.loc;
  for (const char* param : {"fcombine", "fidentity"})
    if (!args.get(param).is_object()) return args.TypeError(param, "a function");
  object->name = "reduce";
  if (args.has("name")) {
    auto n = args.String("name");
    if (!n) return n.error();
    object->name = *n;
  }
  return Value::FromObject(std::move(object));
}

Result<Value> CommReducerObject::Call(Interpreter& interp, const CallArgs& call) const {
  bool has_axis_keyword = false;
  for (const auto& [k, v] : call.keywords) has_axis_keyword |= k == "axis";
  bool reduces =
      has_axis_keyword || (call.positional.size() >= 2 && IsAxisArgument(call.positional[1]));
  if (!reduces) {
    // reducer(a, b, ...): combine the values directly, left to right.
    if (!call.keywords.empty())
      return Error(name + "() got an unexpected keyword argument '" + call.keywords[0].first + "'",
                   call.keyword_locs[0]);
    if (call.positional.size() < 2)
      return Error(name + "() needs an axis= to reduce over, or two values to combine", call.loc);
    Value acc = call.positional[0];
    for (size_t i = 1; i < call.positional.size(); ++i) {
      auto r = interp.CallValue(fcombine, Positional({acc, call.positional[i]}, call.loc));
      if (!r) return r.error();
      acc = *r;
    }
    return acc;
  }

  Args args(call, name, {"expr", "axis", "where", "init"}, 2);
  if (!args.status()) return args.status().error();
  if (args.has("init") && !args.get("init").is_none())
    return args.ErrorAt("init", "init= is not supported by Tessera's reductions");
  const Value& expr = args.get("expr");
  bool tuple = expr.is_sequence();
  auto source = ExprsOf(expr, name + "(): the reduced value", args.loc("expr"));
  if (!source) return source.error();
  if (source->empty()) return args.ErrorAt("expr", "the reduced tuple is empty");
  auto axes = ReducerAxesOf(args);
  if (!axes) return axes.error();
  ir::Expr where;
  if (args.has("where") && !args.get("where").is_none()) {
    auto w = ToBoolExpr(args.get("where"), name + "(): where=", args.loc("where"));
    if (!w) return w.error();
    where = *w;
  }

  // The combine function on fresh variables, the identity on the dtype names.
  auto [lname, rname] = CombineParamNames(fcombine);
  std::vector<ir::Var> lhs, rhs;
  std::vector<Value> lvals, rvals, dtypes;
  for (size_t i = 0; i < source->size(); ++i) {
    ir::DataType t = (*source)[i].dtype();
    std::string suffix = tuple ? "_" + std::to_string(i) : "";
    lhs.emplace_back(lname + suffix, t);
    rhs.emplace_back(rname + suffix, t);
    lvals.push_back(Value::FromExpr(lhs.back()));
    rvals.push_back(Value::FromExpr(rhs.back()));
    dtypes.push_back(Value::String(t.str()));
  }
  Value lhs_arg = tuple ? Value::Tuple(lvals) : lvals[0];
  Value rhs_arg = tuple ? Value::Tuple(rvals) : rvals[0];
  auto combined = interp.CallValue(fcombine, Positional({lhs_arg, rhs_arg}, call.loc));
  if (!combined) return combined.error();
  auto result = ExprsOf(*combined, "comm_reducer '" + name + "': the combine function", loc);
  if (!result) return result.error();
  auto identity_value = interp.CallValue(fidentity, Positional(dtypes, call.loc));
  if (!identity_value) return identity_value.error();
  auto identity =
      ExprsOf(*identity_value, "comm_reducer '" + name + "': the identity function", loc);
  if (!identity) return identity.error();

  auto reducer = te::MakeCommReducer(name, lhs, rhs, *result, *identity);
  if (!reducer) return Error(reducer.error().message, loc);
  auto reductions = te::MakeReductions(*reducer, *source, *axes, where);
  if (!reductions) return Error(reductions.error().message, call.loc);
  if (!tuple) return Value::FromExpr(reductions->front());
  std::vector<Value> outs;
  for (const ir::Expr& e : *reductions) outs.push_back(Value::FromExpr(e));
  return Value::Tuple(std::move(outs));
}

}  // namespace tessera::script
