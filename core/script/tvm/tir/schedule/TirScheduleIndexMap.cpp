// Index maps in schedule scripts (TVM's tir.IndexMap): made from a Python function as
// IndexMap.from_func makes them, the function's parameter names becoming the map's
// variables (`lambda i, j: (i // 4, j, i % 4)` maps over i and j; `lambda *idx` over
// idx_0, idx_1, ...), and the values tvm.tir.IndexMap.from_func and T.index_map return.
#include <algorithm>

#include "script/lang/Args.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "tir/IndexMap.h"

namespace tessera::script {

namespace {

// The parameters of a script function: the positional ones and the `*args` name (empty
// when there is none); keyword-only parameters follow the positional ones, as in TVM.
struct TirIndexMapParams {
  std::vector<std::string> names, keyword_only;
  std::string var_args;
};

std::optional<TirIndexMapParams> TirIndexMapParamsOf(const Value& fn) {
  const std::vector<AstParam>* params = nullptr;
  if (auto* lambda = fn.as<LambdaObject>()) params = &lambda->node->params;
  if (auto* def = fn.as<FunctionObject>()) params = &def->def->params;
  if (!params) return std::nullopt;
  TirIndexMapParams out;
  for (const AstParam& p : *params) {
    if (p.kind == ParamKind::VarArgs)
      out.var_args = p.name;
    else if (p.kind == ParamKind::Positional)
      out.names.push_back(p.name);
    else if (p.kind == ParamKind::KeywordOnly && !p.name.empty())
      out.keyword_only.push_back(p.name);
  }
  return out;
}

Error TirIndexMapResultError(const Value& v, const std::string& what, const SourceLoc& loc) {
  return Error("TypeError: " + what +
                   ": expected the mapping function to return a PrimExpr or a list of "
                   "PrimExpr, but received " +
                   (v.is_none() ? std::string("None") : "a " + v.type_name()),
               loc);
}

// IndexMap.AXIS_SEPARATOR: a marker in a mapping function's result.
struct TirAxisSeparatorObject : Object {
  std::string type_name() const override { return "AXIS_SEPARATOR"; }
  std::optional<std::string> Str() const override { return "IndexMap.AXIS_SEPARATOR"; }
};

}  // namespace

std::string TirIndexMapObject::type_name() const { return "IndexMap"; }

Result<Value> TirIndexMapObject::GetAttr(Interpreter& interp, const std::string& name,
                                         const SourceLoc& loc) const {
  if (name == "initial_indices" || name == "final_indices") {
    std::vector<Value> items;
    if (name == "initial_indices")
      for (const ir::Var& v : map->initial_indices) items.push_back(Value::FromExpr(v));
    else
      for (const ir::Expr& e : map->final_indices) items.push_back(Value::FromExpr(e));
    return Value::List(std::move(items));
  }
  return Object::GetAttr(interp, name, loc);
}

Result<ir::IndexMap> TirIndexMapFromFunc(Interpreter& interp, const Value& fn,
                                         std::optional<size_t> ndim, ir::DataType index_dtype,
                                         const SourceLoc& loc, const std::string& what,
                                         std::vector<int64_t>* separators) {
  auto params = TirIndexMapParamsOf(fn);
  if (!params)
    return Error("TypeError: " + what + " must be an IndexMap or a function (lambda i: ...), not " +
                     fn.type_name(),
                 loc);
  std::vector<ir::Var> vars;
  for (const std::string& name : params->names) vars.emplace_back(name, index_dtype);
  if (!params->var_args.empty()) {
    if (!ndim) return Error("AssertionError: ndim must be specified when *args is used", loc);
    if (*ndim < vars.size() + params->keyword_only.size())
      return Error("ValueError: " + what + " takes " + std::to_string(vars.size()) +
                       " named indices, but there are only " + std::to_string(*ndim),
                   loc);
    for (size_t i = 0, n = *ndim - vars.size() - params->keyword_only.size(); i < n; ++i)
      vars.emplace_back(params->var_args + "_" + std::to_string(i), index_dtype);
  }
  CallArgs call;
  call.loc = loc;
  for (const ir::Var& v : vars) {
    call.positional.push_back(Value::FromExpr(v));
    call.positional_locs.push_back(loc);
  }
  // Keyword-only parameters are passed by name and come last among the map's variables.
  for (const std::string& name : params->keyword_only) {
    vars.emplace_back(name, index_dtype);
    call.keywords.emplace_back(name, Value::FromExpr(vars.back()));
    call.keyword_locs.push_back(loc);
  }
  auto result = interp.CallValue(fn, call);
  if (!result) return result.error();
  auto map = std::make_shared<ir::IndexMapNode>();
  map->initial_indices = vars;
  if (result->is_sequence()) {
    // In a list only PrimExprs are accepted (a Python number there is TVM's TypeError).
    for (const Value& item : result->items()) {
      if (item.as<TirAxisSeparatorObject>()) {
        if (!separators)
          return Error("AssertionError: " + what +
                           ": the mapping function may not return IndexMap.AXIS_SEPARATOR.  If "
                           "required, please use IndexMap.from_func_with_separators instead.",
                       loc);
        separators->push_back(static_cast<int64_t>(map->final_indices.size()));
        continue;
      }
      if (!item.is_expr()) return TirIndexMapResultError(item, what, loc);
      map->final_indices.push_back(item.as_expr());
    }
  } else {
    std::optional<ir::Expr> e = result->is_string() ? std::nullopt : ToExpr(*result);
    if (!e) return TirIndexMapResultError(*result, what, loc);
    map->final_indices.push_back(*e);
  }
  return ir::IndexMap(map);
}

Result<ir::IndexMap> TirIndexMapOf(Interpreter& interp, const Value& v, std::optional<size_t> ndim,
                                   ir::DataType index_dtype, const SourceLoc& loc,
                                   const std::string& what, std::vector<int64_t>* separators) {
  if (auto* object = v.as<TirIndexMapObject>()) return object->map;
  return TirIndexMapFromFunc(interp, v, ndim, index_dtype, loc, what, separators);
}

Value MakeTirIndexMapValue(ir::IndexMap map) {
  auto object = std::make_shared<TirIndexMapObject>();
  object->map = std::move(map);
  return Value::FromObject(object);
}

namespace {

// IndexMap.from_func(mapping_function, ndim=None, inverse_index_map=None, *,
// index_dtype="int64") and T.index_map(mapping, *, inverse_index_map=None,
// index_dtype="int64"): TVM's default index type is int64 in both.
BuiltinFn TirIndexMapConstructor(const std::string& name, std::vector<std::string> params,
                                 bool with_separators = false) {
  return [name, params, with_separators](Interpreter& interp, const CallArgs& c) -> Result<Value> {
    Args args(c, name, params, 1);
    if (!args.status()) return args.status().error();
    if (!args.get("inverse_index_map").is_none())
      return args.ErrorAt("inverse_index_map",
                          name +
                              "(): Tessera derives the inverse itself; inverse_index_map "
                              "is not supported");
    std::optional<size_t> ndim;
    if (args.has("ndim") && !args.get("ndim").is_none()) {
      auto n = args.Int("ndim");
      if (!n) return n.error();
      if (*n < 0) return args.ErrorAt("ndim", "ValueError: ndim must not be negative");
      ndim = static_cast<size_t>(*n);
    }
    ir::DataType dtype = ir::DataType::Int(64);
    if (args.has("index_dtype")) {
      auto text = args.String("index_dtype");
      if (!text) return text.error();
      auto parsed = ir::DataType::parse(*text);
      if (!parsed || !parsed->is_int())
        return args.ErrorAt("index_dtype",
                            "ValueError: index_dtype must be an integer type such "
                            "as \"int32\", not \"" +
                                *text + "\"");
      dtype = *parsed;
    }
    const std::string& fn_param = params[0];
    std::vector<int64_t> separators;
    auto map = TirIndexMapFromFunc(interp, args.get(fn_param), ndim, dtype, args.loc(fn_param),
                                   name + "()", with_separators ? &separators : nullptr);
    if (!map) return map.error();
    if (!with_separators) return MakeTirIndexMapValue(*map);
    std::vector<Value> seps;
    for (int64_t s : separators) seps.push_back(Value::Int(s));
    return Value::Tuple({MakeTirIndexMapValue(*map), Value::List(std::move(seps))});
  };
}

}  // namespace

void RegisterTirIndexMapBuiltins(Interpreter& interp) {
  interp.RegisterFunction(
      "tvm.tir.IndexMap.from_func",
      TirIndexMapConstructor("IndexMap.from_func",
                             {"mapping_function", "ndim", "inverse_index_map", "index_dtype"}));
  interp.RegisterFunction(
      "tvm.tir.IndexMap.from_func_with_separators",
      TirIndexMapConstructor("IndexMap.from_func_with_separators",
                             {"mapping_function", "ndim", "inverse_index_map", "index_dtype"},
                             /*with_separators=*/true));
  interp.Register("tvm.tir.IndexMap.AXIS_SEPARATOR",
                  Value::FromObject(std::make_shared<TirAxisSeparatorObject>()));
  for (const char* path : {"tvm.script.tir.index_map", "tvm.script.tirx.index_map"})
    interp.RegisterFunction(
        path,
        TirIndexMapConstructor("T.index_map", {"mapping", "inverse_index_map", "index_dtype"}));
}

}  // namespace tessera::script
