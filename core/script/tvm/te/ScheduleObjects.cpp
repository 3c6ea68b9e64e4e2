#include "script/tvm/te/ScheduleObjects.h"

#include <functional>
#include <map>

#include "layout/PaddedLayout.h"
#include "schedule/Group.h"
#include "schedule/Primitives.h"
#include "script/lang/Args.h"
#include "script/lang/Operators.h"
#include "script/tvm/runtime/RuntimeObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/tir/ScalableVectors.h"
#include "te/Compute.h"

namespace tessera::script {

namespace {

using schedule::Stage;

// Primitive errors carry no location; they get the call's.
Error Located(Error e, const SourceLoc& loc) {
  if (e.loc.line <= 0) e.loc = loc;
  return e;
}

Result<ir::IterVar> IterVarArg(const Args& args, const std::string& param) {
  if (ir::IterVar iv = AsIterVar(args.get(param))) return iv;
  return args.TypeError(param, "an IterVar (e.g. B.op.axis[0])");
}

// A stage of `sch` named by a Stage, a Tensor or an Operation.
Result<Stage> StageOf(const SchedulePtr& sch, const Value& v, const SourceLoc& loc,
                      const std::string& what) {
  if (auto* st = v.as<StageObject>()) {
    if (st->sch != sch) return Error(what + " belongs to another schedule", loc);
    return st->stage;
  }
  te::Operation op = AsOperation(v);
  if (!op) return Error(what + " must be a tensor or a stage, not " + v.type_name(), loc);
  if (Stage s = sch->find(op)) return s;
  return Error("'" + op->name + "' is not an operation of this schedule", loc);
}

Value StageValue(const SchedulePtr& sch, const Stage& st) {
  return Value::FromObject(std::make_shared<StageObject>(sch, st));
}

Value StageTensorValue(const Stage& st) { return MakeTensorValue(te::output_of(st->op, 0)); }

// fuse(a, b, ...) and reorder(a, b, ...) take IterVars (or one list of them).
Result<std::vector<ir::IterVar>> IterVarList(const CallArgs& call, const std::string& name) {
  if (auto st = NoKeywords(call, name); !st) return st.error();
  std::vector<Value> items = call.positional;
  std::vector<SourceLoc> locs = call.positional_locs;
  if (items.size() == 1 && items[0].is_sequence()) {
    items = items[0].items();
    locs.assign(items.size(), call.positional_locs[0]);
  }
  std::vector<ir::IterVar> vars;
  for (size_t i = 0; i < items.size(); ++i) {
    ir::IterVar iv = AsIterVar(items[i]);
    if (!iv)
      return Error(name + "(): argument " + std::to_string(i + 1) + " must be an IterVar, not " +
                       items[i].type_name(),
                   locs[i]);
    vars.push_back(iv);
  }
  return vars;
}

// A stage method: s[C].split(...). Those that evaluate script code (tensorize's
// intrinsic, transform_layout's lambdas) use the interpreter.
using Method = std::function<Result<Value>(Interpreter&, const StageObject&, const CallArgs&)>;

Method WithoutInterpreter(std::function<Result<Value>(const StageObject&, const CallArgs&)> f) {
  return
      [f = std::move(f)](Interpreter&, const StageObject& s, const CallArgs& c) { return f(s, c); };
}

Result<Value> Split(const StageObject& self, const CallArgs& call) {
  Args args(call, "split", {"parent", "factor", "nparts", "disable_predication"}, 1);
  if (!args.status()) return args.status().error();
  auto parent = IterVarArg(args, "parent");
  if (!parent) return parent.error();
  bool has_factor = args.has("factor") && !args.get("factor").is_none();
  bool has_nparts = args.has("nparts") && !args.get("nparts").is_none();
  if (has_factor == has_nparts)
    return Error("split() needs exactly one of factor= and nparts=", call.loc);
  const std::string amount_param = has_factor ? "factor" : "nparts";
  if (const Value& v = args.get(amount_param); v.is_expr() && ReadsVscale(v.as_expr()))
    return ScalableAmountError("split(): " + amount_param, args.loc(amount_param));
  auto amount = args.Int(amount_param);
  if (!amount) return amount.error();
  bool no_predicate = false;
  if (args.has("disable_predication")) {
    auto b = args.Bool("disable_predication");
    if (!b) return b.error();
    no_predicate = *b;
  }
  auto result =
      has_factor ? schedule::Split(*self.sch, self.stage, *parent, *amount, no_predicate)
                 : schedule::SplitByNParts(*self.sch, self.stage, *parent, *amount, no_predicate);
  if (!result) return Located(result.error(), call.loc);
  return Value::Tuple({MakeIterVarValue(result->first), MakeIterVarValue(result->second)});
}

Result<Value> Fuse(const StageObject& self, const CallArgs& call) {
  auto vars = IterVarList(call, "fuse");
  if (!vars) return vars.error();
  auto fused = schedule::Fuse(*self.sch, self.stage, *vars);
  if (!fused) return Located(fused.error(), call.loc);
  return MakeIterVarValue(*fused);
}

Result<Value> Reorder(const StageObject& self, const CallArgs& call) {
  auto vars = IterVarList(call, "reorder");
  if (!vars) return vars.error();
  if (auto st = schedule::Reorder(*self.sch, self.stage, *vars); !st)
    return Located(st.error(), call.loc);
  return Value();
}

Result<Value> Tile(const StageObject& self, const CallArgs& call) {
  Args args(call, "tile", {"x_parent", "y_parent", "x_factor", "y_factor"}, 4);
  if (!args.status()) return args.status().error();
  auto x = IterVarArg(args, "x_parent");
  if (!x) return x.error();
  auto y = IterVarArg(args, "y_parent");
  if (!y) return y.error();
  auto xf = args.Int("x_factor");
  if (!xf) return xf.error();
  auto yf = args.Int("y_factor");
  if (!yf) return yf.error();
  auto vars = schedule::Tile(*self.sch, self.stage, *x, *y, *xf, *yf);
  if (!vars) return Located(vars.error(), call.loc);
  std::vector<Value> out;
  for (const ir::IterVar& iv : *vars) out.push_back(MakeIterVarValue(iv));
  return Value::Tuple(std::move(out));
}

Result<Value> ComputeAt(const StageObject& self, const CallArgs& call) {
  Args args(call, "compute_at", {"parent", "scope"}, 2);
  if (!args.status()) return args.status().error();
  auto target = StageOf(self.sch, args.get("parent"), args.loc("parent"), "compute_at(): parent");
  if (!target) return target.error();
  auto scope = IterVarArg(args, "scope");
  if (!scope) return scope.error();
  if (auto st = schedule::ComputeAt(*self.sch, self.stage, *target, *scope); !st)
    return Located(st.error(), call.loc);
  return Value();
}

template <typename Primitive>
Result<Value> NoArgPrimitive(const StageObject& self, const CallArgs& call, const std::string& name,
                             Primitive primitive) {
  Args args(call, name, {}, 0);
  if (!args.status()) return args.status().error();
  if (auto st = primitive(*self.sch, self.stage); !st) return Located(st.error(), call.loc);
  return Value();
}

template <typename Primitive>
Result<Value> Annotate(const StageObject& self, const CallArgs& call, const std::string& name,
                       Primitive primitive) {
  Args args(call, name, {"var"}, 1);
  if (!args.status()) return args.status().error();
  auto var = IterVarArg(args, "var");
  if (!var) return var.error();
  if (auto st = primitive(*self.sch, self.stage, *var); !st) return Located(st.error(), call.loc);
  return Value();
}

Result<Value> Bind(const StageObject& self, const CallArgs& call) {
  Args args(call, "bind", {"ivar", "thread_ivar"}, 2);
  if (!args.status()) return args.status().error();
  auto var = IterVarArg(args, "ivar");
  if (!var) return var.error();
  auto thread = IterVarArg(args, "thread_ivar");
  if (!thread) return thread.error();
  if (auto st = schedule::Bind(*self.sch, self.stage, *var, *thread); !st)
    return Located(st.error(), call.loc);
  return Value();
}

Result<Value> Pragma(const StageObject& self, const CallArgs& call) {
  Args args(call, "pragma", {"var", "pragma_type", "pragma_value"}, 2);
  if (!args.status()) return args.status().error();
  auto var = IterVarArg(args, "var");
  if (!var) return var.error();
  auto key = args.String("pragma_type");
  if (!key) return key.error();
  std::optional<int64_t> value;
  const Value& given = args.get("pragma_value");
  // TVM takes any expression; text (tensorize.py's import_llvm code) is kept as written.
  if (given.is_string()) {
    if (auto st = schedule::PragmaText(*self.sch, self.stage, *var, *key, given.as_string()); !st)
      return Located(st.error(), call.loc);
    return Value();
  }
  if (IsRuntimeValue(given))
    return args.ErrorAt("pragma_value",
                        "the value of pragma '" + *key + "' is " + given.type_name() +
                            "; a pragma value must be known when the script is read "
                            "(an integer or a string)");
  if (args.has("pragma_value") && !given.is_none()) {
    auto v = args.Int("pragma_value");
    if (!v) return v.error();
    value = *v;
  }
  if (auto st = schedule::Pragma(*self.sch, self.stage, *var, *key, value); !st)
    return Located(st.error(), call.loc);
  return Value();
}

Result<Value> StorageAlign(const StageObject& self, const CallArgs& call) {
  Args args(call, "storage_align", {"axis", "factor", "offset"}, 3);
  if (!args.status()) return args.status().error();
  auto axis = IterVarArg(args, "axis");
  if (!axis) return axis.error();
  auto factor = args.Int("factor");
  if (!factor) return factor.error();
  auto offset = args.Int("offset");
  if (!offset) return offset.error();
  if (auto st = schedule::StorageAlign(*self.sch, self.stage, *axis, *factor, *offset); !st)
    return Located(st.error(), call.loc);
  return Value();
}

// s[C].prefetch(tensor, var, offset)
Result<Value> Prefetch(const StageObject& self, const CallArgs& call) {
  Args args(call, "prefetch", {"tensor", "var", "offset"}, 3);
  if (!args.status()) return args.status().error();
  const auto* tensor = args.get("tensor").as<TensorObject>();
  if (!tensor)
    return args.ErrorAt(
        "tensor", "prefetch(): tensor must be a tensor, not " + args.get("tensor").type_name());
  auto var = IterVarArg(args, "var");
  if (!var) return var.error();
  auto offset = args.Int("offset");
  if (!offset) return offset.error();
  if (auto st = schedule::Prefetch(*self.sch, self.stage, *var, tensor->tensor, *offset); !st)
    return Located(st.error(), call.loc);
  return Value();
}

Result<Value> SetScope(const StageObject& self, const CallArgs& call) {
  Args args(call, "set_scope", {"scope"}, 1);
  if (!args.status()) return args.status().error();
  auto scope = args.String("scope");
  if (!scope) return scope.error();
  if (auto st = schedule::SetScope(*self.sch, self.stage, *scope); !st)
    return Located(st.error(), call.loc);
  return Value();
}

Result<Value> SetStorePredicate(const StageObject& self, const CallArgs& call) {
  Args args(call, "set_store_predicate", {"predicate"}, 1);
  if (!args.status()) return args.status().error();
  auto predicate =
      ToBoolExpr(args.get("predicate"), "set_store_predicate(): predicate", args.loc("predicate"));
  if (!predicate) return predicate.error();
  if (auto st = schedule::SetStorePredicate(*self.sch, self.stage, *predicate); !st)
    return Located(st.error(), call.loc);
  return Value();
}

// The expressions a lambda returns for fresh variables named after its parameters: how
// transform_layout's index map and pad value become IR (TVM calls the map the same way).
Result<std::pair<std::vector<ir::Var>, std::vector<Value>>> CallWithFreshVars(
    Interpreter& interp, const LambdaObject& fn, const SourceLoc& loc) {
  if (fn.variadic())
    return Error(
        "name each index in this lambda (lambda i, j: ...): '*' parameters are not supported here",
        fn.node->loc);
  std::vector<ir::Var> params;
  CallArgs call;
  call.loc = loc;
  for (const AstParam& p : fn.node->params) {
    params.emplace_back(p.name);
    call.positional.push_back(Value::FromExpr(params.back()));
    call.positional_locs.push_back(loc);
  }
  auto result = fn.Call(interp, call);
  if (!result) return result.error();
  std::vector<Value> values = result->is_sequence() ? result->items() : std::vector<Value>{*result};
  return std::make_pair(std::move(params), std::move(values));
}

Result<ir::IndexMap> IndexMapArg(Interpreter& interp, const Args& args) {
  auto* fn = args.get("mapping_function").as<LambdaObject>();
  if (!fn) return args.TypeError("mapping_function", "a lambda (lambda i: [i // 4, i % 4])");
  auto called = CallWithFreshVars(interp, *fn, args.loc("mapping_function"));
  if (!called) return called.error();
  auto map = std::make_shared<ir::IndexMapNode>();
  map->initial_indices = called->first;
  for (const Value& v : called->second) {
    auto e = ToExpr(v);
    if (!e || v.is_string() || !e->dtype().is_integer())
      return args.ErrorAt("mapping_function",
                          "the index map must return integer indices, not " + v.type_name());
    map->final_indices.push_back(*e);
  }
  return ir::IndexMap(map);
}

// While a pad function runs, the script's names for the transformed tensor stand for
// the tensor in its physical layout: a pad value may read the buffer itself with
// physical indices (RFC 0077: `lambda io, ii: B[0, (4*io + ii - 14) % 4]` wraps to the
// beginning). The stand-in has the tensor's name, which is how lowering recognizes it.
class PhysicalStandIn {
 public:
  PhysicalStandIn(Interpreter& interp, const schedule::Stage& stage, const ir::IndexMap& map)
      : interp_(interp) {
    auto padded = layout::AnalyzePaddedLayout(map, stage->op->output_shape(0));
    if (!padded) return;  // transform_layout reports the problem
    te::Tensor logical = te::output_of(stage->op, 0);
    auto physical = te::placeholder(padded->physical_shape, logical->dtype, logical.name());
    if (!physical) return;
    for (const auto& [name, value] : interp.globals()) {
      auto* t = value.as<TensorObject>();
      if (!t || (t->tensor.op() != stage->op && t->tensor.op() != stage->origin_op)) continue;
      saved_.emplace_back(name, value);
    }
    for (const auto& [name, value] : saved_) interp.SetGlobal(name, MakeTensorValue(*physical));
  }
  ~PhysicalStandIn() {
    for (const auto& [name, value] : saved_) interp_.SetGlobal(name, value);
  }
  PhysicalStandIn(const PhysicalStandIn&) = delete;
  PhysicalStandIn& operator=(const PhysicalStandIn&) = delete;

 private:
  Interpreter& interp_;
  std::vector<std::pair<std::string, Value>> saved_;
};

// pad_value: None, a number or expression, tvm.tir.undef(), or a lambda over the
// physical indices (whose None result means "no value").
Result<layout::PadValue> PadValueArg(Interpreter& interp, const Args& args,
                                     const schedule::Stage& stage, const ir::IndexMap& map) {
  const Value& v = args.get("pad_value");
  if (v.is_none()) return layout::PadValue{};
  if (v.as<UndefObject>()) return layout::PadValue::Undef();
  if (auto* fn = v.as<LambdaObject>()) {
    PhysicalStandIn physical(interp, stage, map);
    auto called = CallWithFreshVars(interp, *fn, args.loc("pad_value"));
    if (!called) return called.error();
    if (called->second.size() != 1)
      return args.ErrorAt("pad_value", "the pad function must return one value");
    const Value& body = called->second[0];
    if (body.is_none()) return layout::PadValue{};
    auto e = ToExpr(body);
    if (!e || body.is_string()) return args.TypeError("pad_value", "a function returning a number");
    return layout::PadValue::Function(called->first, *e);
  }
  auto e = ToExpr(v);
  if (!e || v.is_string())
    return args.TypeError("pad_value", "a number, a lambda, tvm.tir.undef() or None");
  return layout::PadValue::Constant(*e);
}

// s[B].transform_layout(lambda i: [i // 4, i % 4], pad_value=0.0, axis_separators=[1])
// (pad_value and axis_separators are Tessera's extensions of TVM's TE call).
Result<Value> TransformLayout(Interpreter& interp, const StageObject& self, const CallArgs& call) {
  Args args(call, "transform_layout", {"mapping_function", "pad_value", "axis_separators"}, 1);
  if (!args.status()) return args.status().error();
  auto map = IndexMapArg(interp, args);
  if (!map) return map.error();
  auto pad = PadValueArg(interp, args, self.stage, *map);
  if (!pad) return pad.error();
  std::vector<int> separators;
  const Value& seps = args.get("axis_separators");
  if (!seps.is_none()) {
    if (!seps.is_sequence()) return args.TypeError("axis_separators", "a list of integers");
    for (const Value& item : seps.items()) {
      if (!item.is_integer()) return args.TypeError("axis_separators", "a list of integers");
      separators.push_back(static_cast<int>(item.as_int()));
    }
  }
  auto vars = schedule::TransformLayout(*self.sch, self.stage, *map, *pad, separators);
  if (!vars) return Located(vars.error(), call.loc);
  if (vars->empty()) return Value();
  std::vector<Value> out;
  for (const ir::IterVar& iv : *vars) out.push_back(MakeIterVarValue(iv));
  return Value::List(std::move(out));
}

const std::map<std::string, Method>& StageMethods() {
  static const std::map<std::string, Method> kMethods = {
      {"split", WithoutInterpreter(Split)},
      {"fuse", WithoutInterpreter(Fuse)},
      {"reorder", WithoutInterpreter(Reorder)},
      {"tile", WithoutInterpreter(Tile)},
      {"compute_at", WithoutInterpreter(ComputeAt)},
      {"compute_inline", WithoutInterpreter([](const StageObject& s, const CallArgs& c) {
         return NoArgPrimitive(s, c, "compute_inline", &schedule::ComputeInline);
       })},
      {"compute_root", WithoutInterpreter([](const StageObject& s, const CallArgs& c) {
         return NoArgPrimitive(s, c, "compute_root", &schedule::ComputeRoot);
       })},
      {"vectorize", WithoutInterpreter([](const StageObject& s, const CallArgs& c) {
         return Annotate(s, c, "vectorize", &schedule::Vectorize);
       })},
      {"unroll", WithoutInterpreter([](const StageObject& s, const CallArgs& c) {
         return Annotate(s, c, "unroll", &schedule::Unroll);
       })},
      {"parallel", WithoutInterpreter([](const StageObject& s, const CallArgs& c) {
         return Annotate(s, c, "parallel", &schedule::Parallel);
       })},
      {"bind", WithoutInterpreter(Bind)},
      {"pragma", WithoutInterpreter(Pragma)},
      {"prefetch", WithoutInterpreter(Prefetch)},
      {"storage_align", WithoutInterpreter(StorageAlign)},
      {"set_scope", WithoutInterpreter(SetScope)},
      {"set_store_predicate", WithoutInterpreter(SetStorePredicate)},
      {"tensorize", StageTensorize},
      {"transform_layout", TransformLayout},
  };
  return kMethods;
}

// A stage's data attributes: s[C].op, s[C].leaf_iter_vars, ...
using StageAttribute = std::function<Value(const StageObject&)>;

Value OptionalStageValue(const SchedulePtr& sch, const Stage& st);
Value IterVarValues(const std::vector<ir::IterVar>& ivs);

const std::map<std::string, StageAttribute>& StageAttributes() {
  static const std::map<std::string, StageAttribute> kAttributes = {
      {"group", [](const StageObject& s) { return OptionalStageValue(s.sch, s.stage->group); }},
      // A member moved with its group is, in TVM, at its group's root: no attach stage of
      // its own.
      {"attach_stage",
       [](const StageObject& s) {
         return s.stage->attach_from_group ? Value()
                                           : OptionalStageValue(s.sch, s.stage->attach_stage);
       }},
      {"op", [](const StageObject& s) { return MakeOperationValue(s.stage->op); }},
      {"origin_op", [](const StageObject& s) { return MakeOperationValue(s.stage->origin_op); }},
      {"leaf_iter_vars",
       [](const StageObject& s) { return IterVarValues(s.stage->leaf_iter_vars); }},
      {"all_iter_vars", [](const StageObject& s) { return IterVarValues(s.stage->all_iter_vars); }},
  };
  return kAttributes;
}

Value IterVarValues(const std::vector<ir::IterVar>& ivs) {
  std::vector<Value> items;
  for (const ir::IterVar& iv : ivs) items.push_back(MakeIterVarValue(iv));
  return Value::List(std::move(items));
}

// s.cache_read(tensor, scope, readers)
Result<Value> CacheRead(const SchedulePtr& sch, const CallArgs& call) {
  Args args(call, "cache_read", {"tensor", "scope", "readers"}, 3);
  if (!args.status()) return args.status().error();
  auto producer = StageOf(sch, args.get("tensor"), args.loc("tensor"), "cache_read(): tensor");
  if (!producer) return producer.error();
  auto scope = args.String("scope");
  if (!scope) return scope.error();
  const Value& readers_value = args.get("readers");
  std::vector<Value> reader_values =
      readers_value.is_sequence() ? readers_value.items() : std::vector<Value>{readers_value};
  std::vector<Stage> readers;
  for (const Value& r : reader_values) {
    auto st = StageOf(sch, r, args.loc("readers"), "cache_read(): reader");
    if (!st) return st.error();
    readers.push_back(*st);
  }
  auto stage = schedule::CacheRead(*sch, *producer, *scope, readers);
  if (!stage) return Located(stage.error(), call.loc);
  return StageTensorValue(*stage);
}

// s.cache_write(tensor, scope)
Result<Value> CacheWrite(const SchedulePtr& sch, const CallArgs& call) {
  Args args(call, "cache_write", {"tensor", "scope"}, 2);
  if (!args.status()) return args.status().error();
  auto target = StageOf(sch, args.get("tensor"), args.loc("tensor"), "cache_write(): tensor");
  if (!target) return target.error();
  auto scope = args.String("scope");
  if (!scope) return scope.error();
  auto stage = schedule::CacheWrite(*sch, *target, *scope);
  if (!stage) return Located(stage.error(), call.loc);
  return StageTensorValue(*stage);
}

// s.rfactor(tensor, axis, factor_axis=0)
Result<Value> RFactor(const SchedulePtr& sch, const CallArgs& call) {
  Args args(call, "rfactor", {"tensor", "axis", "factor_axis"}, 2);
  if (!args.status()) return args.status().error();
  auto target = StageOf(sch, args.get("tensor"), args.loc("tensor"), "rfactor(): tensor");
  if (!target) return target.error();
  auto axis = IterVarArg(args, "axis");
  if (!axis) return axis.error();
  int64_t factor_axis = 0;
  if (args.has("factor_axis")) {
    auto f = args.Int("factor_axis");
    if (!f) return f.error();
    factor_axis = *f;
  }
  auto stage = schedule::RFactor(*sch, *target, *axis, static_cast<int>(factor_axis));
  if (!stage) return Located(stage.error(), call.loc);
  return StageTensorValue(*stage);
}

// The stages named by a tensor, a stage or a list of them (create_group's arguments).
Result<std::vector<Stage>> StageListArg(const SchedulePtr& sch, const Value& v,
                                        const SourceLoc& loc, const std::string& what) {
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<Stage> stages;
  for (const Value& item : items) {
    auto st = StageOf(sch, item, loc, what);
    if (!st) return st.error();
    stages.push_back(*st);
  }
  return stages;
}

// s.create_group(outputs, inputs, include_inputs=False): a group stage (schedule/Group.h).
Result<Value> CreateGroup(const SchedulePtr& sch, const CallArgs& call) {
  Args args(call, "create_group", {"outputs", "inputs", "include_inputs"}, 2);
  if (!args.status()) return args.status().error();
  auto outputs =
      StageListArg(sch, args.get("outputs"), args.loc("outputs"), "create_group(): outputs");
  if (!outputs) return outputs.error();
  auto inputs = StageListArg(sch, args.get("inputs"), args.loc("inputs"), "create_group(): inputs");
  if (!inputs) return inputs.error();
  bool include_inputs = false;
  if (args.has("include_inputs")) {
    const Value& flag = args.get("include_inputs");
    if (!flag.is_integer()) return args.TypeError("include_inputs", "True or False");
    include_inputs = flag.as_bool();
  }
  auto group = schedule::CreateGroup(*sch, *outputs, *inputs, include_inputs);
  if (!group) return Located(group.error(), call.loc);
  return StageValue(sch, *group);
}

Value OptionalStageValue(const SchedulePtr& sch, const Stage& st) {
  return st ? StageValue(sch, st) : Value();
}

// A group stage's attributes: the attach primitives and TVM's group fields.
Result<Value> GroupAttr(const StageObject& self, const std::string& name, const SourceLoc& loc) {
  if (name == "compute_at" || name == "compute_root" || name == "compute_inline") {
    Method method = StageMethods().at(name);
    StageObject bound(self.sch, self.stage);
    return MakeFunction(
        name, [bound, method](Interpreter& i, const CallArgs& c) { return method(i, bound, c); });
  }
  if (name == "num_child_stages") return Value::Int(self.stage->num_child_stages);
  if (name == "op") return Value();  // TVM: a group stage has no operation
  return Error(
      "a group stage (create_group) has no attribute '" + name +
          "'; a group supports compute_at, compute_root, group, attach_stage and num_child_stages",
      loc);
}

}  // namespace

Result<Value> ScheduleObject::Subscript(Interpreter&, const std::vector<Value>& indices,
                                        const std::vector<SourceLoc>& index_locs,
                                        const SourceLoc& loc) const {
  if (indices.size() != 1) return Error("a schedule is indexed by one tensor: s[B]", loc);
  auto stage = StageOf(sch, indices[0], index_locs[0], "the schedule index");
  if (!stage) return stage.error();
  return StageValue(sch, *stage);
}

namespace {

// The schedule's methods and data attributes: s.cache_read(...), s.stages, ...
using ScheduleMethod = Result<Value> (*)(const SchedulePtr&, const CallArgs&);
using ScheduleAttribute = Value (*)(const SchedulePtr&);

// s.normalize(): TVM rebases every loop to start at 0 and returns the schedule; Tessera's
// loops already do, and InferBound / lowering normalize a copy themselves.
Result<Value> Normalize(const SchedulePtr& sch, const CallArgs& c) {
  if (c.size() != 0) return Error("normalize() takes no arguments", c.loc);
  return Value::FromObject(std::make_shared<ScheduleObject>(sch));
}

const std::map<std::string, ScheduleMethod>& ScheduleMethods() {
  static const std::map<std::string, ScheduleMethod> kMethods = {
      {"normalize", Normalize}, {"cache_read", CacheRead},     {"cache_write", CacheWrite},
      {"rfactor", RFactor},     {"create_group", CreateGroup},
  };
  return kMethods;
}

const std::map<std::string, ScheduleAttribute>& ScheduleAttributes() {
  static const std::map<std::string, ScheduleAttribute> kAttributes = {
      {"groups",
       [](const SchedulePtr& sch) {
         std::vector<Value> groups;
         for (const Stage& g : sch->groups) groups.push_back(StageValue(sch, g));
         return Value::List(std::move(groups));
       }},
      {"outputs",
       [](const SchedulePtr& sch) {
         std::vector<Value> ops;
         for (const te::Operation& op : sch->outputs) ops.push_back(MakeOperationValue(op));
         return Value::List(std::move(ops));
       }},
      {"stages",
       [](const SchedulePtr& sch) {
         std::vector<Value> stages;
         for (const Stage& st : sch->stages) stages.push_back(StageValue(sch, st));
         return Value::List(std::move(stages));
       }},
  };
  return kAttributes;
}

}  // namespace

Result<Value> ScheduleObject::GetAttr(Interpreter& interp, const std::string& name,
                                      const SourceLoc& loc) const {
  if (auto it = ScheduleMethods().find(name); it != ScheduleMethods().end()) {
    SchedulePtr self = sch;  // the bound method keeps the schedule alive
    ScheduleMethod method = it->second;
    return MakeFunction(
        name, [self, method](Interpreter&, const CallArgs& c) { return method(self, c); });
  }
  if (auto it = ScheduleAttributes().find(name); it != ScheduleAttributes().end())
    return it->second(sch);
  return Object::GetAttr(interp, name, loc);
}

Result<Value> StageObject::GetAttr(Interpreter& interp, const std::string& name,
                                   const SourceLoc& loc) const {
  (void)interp;
  if (name == "group" || name == "attach_stage") return StageAttributes().at(name)(*this);
  if (stage->is_group()) return GroupAttr(*this, name, loc);
  if (auto it = StageMethods().find(name); it != StageMethods().end()) {
    StageObject self(sch, stage);  // the bound method keeps the schedule alive
    Method method = it->second;
    return MakeFunction(
        name, [self, method](Interpreter& i, const CallArgs& c) { return method(i, self, c); });
  }
  if (auto it = StageAttributes().find(name); it != StageAttributes().end())
    return it->second(*this);
  return Error("'Stage' object has no attribute '" + name + "' in Tessera", loc);
}

Result<Value> CreateScheduleValue(const CallArgs& call, SchedulePtr* created) {
  Args args(call, "create_schedule", {"ops"}, 1);
  if (!args.status()) return args.status().error();
  const Value& v = args.get("ops");
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<te::Operation> ops;
  for (const Value& item : items) {
    te::Operation op = AsOperation(item);
    if (!op) return args.TypeError("ops", "an operation (B.op) or a list of operations");
    ops.push_back(op);
  }
  if (ops.empty()) return args.ErrorAt("ops", "needs at least one output operation");
  auto sch = schedule::create_schedule(ops);
  if (!sch) return Located(sch.error(), call.loc);
  *created = std::make_shared<schedule::Schedule>(std::move(sch.value()));
  return Value::FromObject(std::make_shared<ScheduleObject>(*created));
}

}  // namespace tessera::script
