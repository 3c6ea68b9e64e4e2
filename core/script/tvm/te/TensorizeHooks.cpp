#include "script/tvm/te/TensorizeHooks.h"

#include "ir/Functor.h"
#include "schedule/Tensorize.h"
#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/arith/ArithAnalyzerObject.h"
#include "script/tvm/te/BoundObjects.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/te/TensorIntrinObjects.h"

namespace tessera::script {

namespace {

// Where the hooks live in the registry: a prefix no script can spell as a name.
constexpr const char* kGlobalFuncPrefix = "<global_func>.";

Result<const StageObject*> StageArg(const Args& args, const std::string& param) {
  auto* stage = args.get(param).as<StageObject>();
  if (!stage) return args.TypeError(param, "a stage (s[C])");
  return stage;
}

Value OutDomValue(const schedule::RangeMap& out_dom) {
  auto bounds = std::make_shared<BoundsObject>();
  bounds->ranges = out_dom;
  return Value::FromObject(bounds);
}

Value InDomValue(const std::vector<std::pair<te::Tensor, ir::Region>>& in_dom) {
  auto dict = std::make_shared<DictObject>();
  for (const auto& [tensor, region] : in_dom) {
    std::vector<Value> ranges;
    for (const ir::Range& r : region) ranges.push_back(MakeRangeValue(r));
    dict->entries->emplace_back(MakeTensorValue(tensor), Value::List(std::move(ranges)));
  }
  return Value::FromObject(dict);
}

Result<Value> InferTensorizeRegionHook(Interpreter&, const CallArgs& call) {
  Args args(call, "InferTensorizeRegion", {"stage", "dom_map"}, 2);
  if (!args.status()) return args.status().error();
  auto stage = StageArg(args, "stage");
  if (!stage) return stage.error();
  auto* bounds = args.get("dom_map").as<BoundsObject>();
  if (!bounds) return args.TypeError("dom_map", "the bounds of tvm.te.schedule.InferBound");
  auto regions = schedule::InferTensorizeRegions((*stage)->stage, bounds->ranges);
  if (!regions) return Error(regions.error().message, call.loc);
  return Value::Tuple({OutDomValue(regions->out_dom), InDomValue(regions->in_dom)});
}

// in_dom back from a script: {Tensor: [Range, ...]}.
Result<std::vector<std::pair<te::Tensor, ir::Region>>> InDomArg(const Args& args,
                                                                const std::string& param) {
  auto* dict = args.get(param).as<DictObject>();
  if (!dict)
    return args.TypeError(param, "a {Tensor: [Range]} map (InferTensorizeRegion's in_dom)");
  std::vector<std::pair<te::Tensor, ir::Region>> out;
  for (const auto& [key, value] : *dict->entries) {
    auto* tensor = key.as<TensorObject>();
    if (!tensor || !value.is_sequence())
      return args.ErrorAt(param, "each entry must map a tensor to a list of ranges");
    ir::Region region;
    for (const Value& item : value.items()) {
      auto* range = item.as<BoundRangeObject>();
      if (!range)
        return args.ErrorAt(param,
                            "the region of " + tensor->tensor.name() + " must be a list of ranges");
      region.push_back(range->range);
    }
    out.emplace_back(tensor->tensor, std::move(region));
  }
  return out;
}

Result<Value> MatchTensorizeBodyHook(Interpreter&, const CallArgs& call) {
  Args args(call, "MatchTensorizeBody", {"stage", "out_dom", "in_dom", "intrin"}, 4);
  if (!args.status()) return args.status().error();
  auto stage = StageArg(args, "stage");
  if (!stage) return stage.error();
  auto* out_dom = args.get("out_dom").as<BoundsObject>();
  if (!out_dom) return args.TypeError("out_dom", "InferTensorizeRegion's out_dom");
  auto in_dom = InDomArg(args, "in_dom");
  if (!in_dom) return in_dom.error();
  auto* intrin = args.get("intrin").as<TensorIntrinObject>();
  if (!intrin) return args.TypeError("intrin", "a tensor intrinsic (te.decl_tensor_intrin)");
  schedule::TensorizeRegions regions{out_dom->ranges, std::move(*in_dom)};
  auto body = schedule::MatchTensorizeBody((*stage)->stage, regions, intrin->intrin);
  if (!body) return Error(body.error().message, call.loc);
  std::vector<Value> out;
  for (const ir::Expr& e : *body) out.push_back(Value::FromExpr(e));
  return Value::List(std::move(out));
}

// tvm.tir.stmt_functor.substitute(expr, {var: value}): keys are variables (or IterVars,
// for their variables), values expressions.
Result<Value> SubstituteHook(Interpreter&, const CallArgs& call) {
  Args args(call, "substitute", {"node", "vmap"}, 2);
  if (!args.status()) return args.status().error();
  auto node = args.Expr("node");
  if (!node) return node.error();
  auto* dict = args.get("vmap").as<DictObject>();
  if (!dict) return args.TypeError("vmap", "a {Var: PrimExpr} map");
  ir::VarMap vmap;
  for (const auto& [key, value] : *dict->entries) {
    ir::Var var;
    if (ir::IterVar iv = AsIterVar(key))
      var = iv->var;
    else if (key.is_expr())
      var = ir::Var::from(key.as_expr());
    std::optional<ir::Expr> to = ToExpr(value);
    if (!var.defined() || !to)
      return args.ErrorAt("vmap", "each key must be a variable and each value an expression");
    vmap[var] = *to;
  }
  return Value::FromExpr(ir::Substitute(*node, vmap));
}

}  // namespace

const Value* FindGlobalFunc(const Interpreter& interp, const std::string& name) {
  return interp.Lookup(kGlobalFuncPrefix + name);
}

void RegisterTensorizeHooks(Interpreter& interp) {
  RegisterArithAnalyzer(interp);  // what the tests compare the matched bodies with
  interp.RegisterFunction(std::string(kGlobalFuncPrefix) + "test.op.InferTensorizeRegion",
                          InferTensorizeRegionHook);
  interp.RegisterFunction(std::string(kGlobalFuncPrefix) + "test.op.MatchTensorizeBody",
                          MatchTensorizeBodyHook);
  interp.RegisterFunction("tvm.tir.stmt_functor.substitute", SubstituteHook);
  interp.RegisterFunction("tvm.runtime.convert",
                          [](Interpreter&, const CallArgs& call) -> Result<Value> {
                            Args args(call, "convert", {"value", "span"}, 1);
                            if (!args.status()) return args.status().error();
                            return args.get("value");
                          });
}

}  // namespace tessera::script
