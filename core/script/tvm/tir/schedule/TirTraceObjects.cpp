#include "script/tvm/tir/schedule/TirTraceObjects.h"

#include <memory>

#include "script/lang/Interpreter.h"
#include "script/tvm/tir/schedule/TirInstructionObjects.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "support/JsonReader.h"
#include "tir/TraceJson.h"

namespace tessera::script {
namespace {

// A decision as TVM keeps it: the tile samplers' a list of factors, the others' one
// integer (a candidate's index, a location).
Value DecisionValue(const tir::Instruction& inst) {
  if (!inst.has_decision) return Value();
  if (tir::decision_is_list(inst.kind)) {
    std::vector<Value> items;
    for (int64_t v : inst.decision) items.push_back(Value::Int(v));
    return Value::List(std::move(items));
  }
  return inst.decision.empty() ? Value() : Value::Int(inst.decision[0]);
}

// The instruction of `trace` that `v` is, if any.
const tir::Instruction* FindInstruction(const tir::Trace& trace, const Value& v) {
  const void* id = TirTraceIdentity(v);
  if (!id) return nullptr;
  for (const tir::Instruction& inst : trace.insts)
    if (inst.identity.get() == id) return &inst;
  return nullptr;
}

// `trace` up to its EnterPostproc (remove_postproc=True), or whole.
tir::Trace WithoutPostproc(const tir::Trace& trace, bool remove_postproc) {
  tir::Trace out;
  for (const tir::Instruction& inst : trace.insts) {
    if (remove_postproc && inst.kind == tir::InstKind::EnterPostproc) break;
    out.insts.push_back(inst);
  }
  return out;
}

// A decision given by a script for `inst`: a list of integers for a tile sampler, one
// integer for the others.
Result<std::vector<int64_t>> DecisionOf(const Value& v, const tir::Instruction& inst,
                                        const SourceLoc& loc) {
  const std::string kind = tir::inst_kind_name(inst.kind);
  if (tir::decision_is_list(inst.kind)) {
    std::vector<int64_t> factors;
    for (const Value& item : v.is_sequence() ? v.items() : std::vector<Value>{})
      if (item.is_integer() && !item.is_bool()) factors.push_back(item.as_int());
    if (!v.is_sequence() || factors.size() != v.items().size())
      return Error("ValueError: the decision of " + kind + " is a list of integers", loc);
    return factors;
  }
  if (!v.is_integer() || v.is_bool())
    return Error("ValueError: the decision of " + kind + " is an integer", loc);
  return std::vector<int64_t>{v.as_int()};
}

// A trace and the script values of its random variables. Trace.append and pop change it
// in place, as TVM's do; the methods handed out share it.
struct TraceData {
  tir::Trace trace;
  TirTraceVariables variables;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
};

Value TraceValueOf(std::shared_ptr<TraceData> data);

// The trace's decisions as (instruction, decision) pairs, the instructions in TVM's layout.
std::vector<std::pair<Value, Value>> DecisionPairs(const tir::Trace& trace,
                                                   const std::vector<Value>& insts) {
  std::vector<std::pair<Value, Value>> pairs;
  for (size_t n = 0; n < trace.insts.size() && n < insts.size(); ++n)
    if (trace.insts[n].has_decision) pairs.emplace_back(insts[n], DecisionValue(trace.insts[n]));
  return pairs;
}

struct TraceObject : Object {
  std::shared_ptr<TraceData> data;
  std::string type_name() const override { return "Trace"; }
  std::optional<std::string> Str() const override {
    return tir::TraceAsPython(data->trace, data->dialect);
  }

  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    const tir::Trace& trace = data->trace;
    const tir::TvmDialect dialect = data->dialect;
    if (name == "as_python") {
      std::vector<Value> lines;
      for (const std::string& l : tir::TraceLines(trace, dialect))
        lines.push_back(Value::String(l));
      return TirSchedConstantMethod(name, Value::List(std::move(lines)));
    }
    if (name == "show") return TirSchedConstantMethod(name, Value());
    if (name == "as_json") {
      auto json = ParseJson(tir::TraceToJson(trace), "trace");
      if (!json.ok()) return json.error();
      return TirSchedConstantMethod(name, JsonAsValue(*json));
    }
    if (name == "insts") {
      auto insts = TirInstructionsOf(trace, dialect, &data->variables);
      if (!insts) return Error(insts.error().message, loc);
      return Value::List(std::move(*insts));
    }
    if (name == "decisions") {
      auto insts = TirInstructionsOf(trace, dialect, &data->variables);
      if (!insts) return Error(insts.error().message, loc);
      auto dict = std::make_shared<DictObject>();
      for (auto& [inst, decision] : DecisionPairs(trace, *insts))
        dict->entries->emplace_back(inst, decision);
      return Value::FromObject(dict);
    }
    std::shared_ptr<TraceData> self = data;
    if (name == "get_decision") {
      return MakeFunction(name, [self](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "get_decision", {"inst"}, 1);
        if (!args.status()) return args.status().error();
        if (!args.get("inst").as<TirInstructionObject>())
          return args.TypeError("inst", "an Instruction of the trace");
        // None for an instruction of another trace, as TVM's lookup of the decision.
        const tir::Instruction* inst = FindInstruction(self->trace, args.get("inst"));
        return inst ? DecisionValue(*inst) : Value();
      });
    }
    if (name == "with_decision") {
      return MakeFunction(name, [self](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "with_decision", {"inst", "decision", "remove_postproc"}, 3);
        if (!args.status()) return args.status().error();
        const tir::Instruction* inst = FindInstruction(self->trace, args.get("inst"));
        if (!inst) return args.TypeError("inst", "an Instruction of the trace");
        if (!tir::is_sampling(inst->kind))
          return args.ErrorAt(
              "inst",
              "ValueError: " + std::string(tir::inst_kind_name(inst->kind)) + " makes no decision");
        auto decision = DecisionOf(args.get("decision"), *inst, args.loc("decision"));
        if (!decision) return decision.error();
        auto remove = args.Bool("remove_postproc");
        if (!remove) return remove.error();
        auto out = std::make_shared<TraceData>(*self);
        out->trace = WithoutPostproc(self->trace, *remove);
        for (tir::Instruction& i : out->trace.insts) {
          if (i.identity != inst->identity) continue;
          i.has_decision = true;
          i.decision = *decision;
        }
        return TraceValueOf(out);
      });
    }
    if (name == "simplified") {
      return MakeFunction(name, [self](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "simplified", {"remove_postproc"}, 1);
        if (!args.status()) return args.status().error();
        auto remove = args.Bool("remove_postproc");
        if (!remove) return remove.error();
        auto out = std::make_shared<TraceData>(*self);
        out->trace = tir::SimplifiedTrace(self->trace, *remove);
        return TraceValueOf(out);
      });
    }
    if (name == "append") {
      return MakeFunction(name, [self](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "append", {"inst", "decision"}, 1);
        if (!args.status()) return args.status().error();
        if (!args.get("inst").as<TirInstructionObject>())
          return args.TypeError("inst", "an Instruction");
        auto insts = TirInstructionsOf(self->trace, self->dialect, &self->variables);
        if (!insts) return Error(insts.error().message, c.loc);
        std::vector<std::pair<Value, Value>> decisions = DecisionPairs(self->trace, *insts);
        insts->push_back(args.get("inst"));
        if (!args.get("decision").is_none())
          decisions.emplace_back(args.get("inst"), args.get("decision"));
        auto built = TirTraceOfInstructions(*insts, decisions, c.loc);
        if (!built) return built.error();
        self->trace = std::move(built->trace);
        self->variables.by_id = std::move(built->variables.by_id);
        return Value();
      });
    }
    if (name == "pop") {
      return MakeFunction(name, [self](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "pop", {}, 0);
        if (!args.status()) return args.status().error();
        if (self->trace.insts.empty()) return Value();
        auto insts = TirInstructionsOf(self->trace, self->dialect, &self->variables);
        if (!insts) return Error(insts.error().message, c.loc);
        self->trace.insts.pop_back();
        return insts->back();
      });
    }
    if (name == "apply_to_schedule") {
      return MakeFunction(name, [self](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "apply_to_schedule", {"sch", "remove_postproc", "decision_provider"}, 2);
        if (!args.status()) return args.status().error();
        const auto* sch = args.get("sch").as<TirScheduleObject>();
        if (!sch) return args.TypeError("sch", "a tir.Schedule");
        auto remove = args.Bool("remove_postproc");
        if (!remove) return remove.error();
        if (args.has("decision_provider") && !args.get("decision_provider").is_none())
          return args.ErrorAt("decision_provider",
                              "a decision_provider is not supported (change a decision with "
                              "trace.with_decision, then apply that trace)");
        if (Status st =
                tir::ApplyTrace(WithoutPostproc(self->trace, *remove), sch->handle->sch.get());
            !st)
          return Error(st.error().message, c.loc);
        return Value();
      });
    }
    return Object::GetAttr(interp, name, loc);
  }
};

Value TraceValueOf(std::shared_ptr<TraceData> data) {
  auto t = std::make_shared<TraceObject>();
  t->data = std::move(data);
  return Value::FromObject(t);
}

// Trace(insts, decisions): a trace built by hand from instructions in TVM's layout.
Result<Value> ConstructTrace(tir::TvmDialect dialect, const CallArgs& c) {
  Args args(c, "Trace", {"insts", "decisions"}, 2);
  if (!args.status()) return args.status().error();
  const Value& insts = args.get("insts");
  if (!insts.is_sequence()) return args.TypeError("insts", "a list of Instructions");
  std::vector<std::pair<Value, Value>> decisions;
  if (const auto* dict = args.get("decisions").as<DictObject>())
    for (const auto& [inst, decision] : *dict->entries) decisions.emplace_back(inst, decision);
  else if (!args.get("decisions").is_none())
    return args.TypeError("decisions", "a dict of Instruction to decision");
  auto built = TirTraceOfInstructions(insts.items(), decisions, c.loc);
  if (!built) return built.error();
  auto data = std::make_shared<TraceData>();
  data->trace = std::move(built->trace);
  data->variables = std::move(built->variables);
  data->dialect = dialect;
  return TraceValueOf(data);
}

// Trace.apply_json_to_schedule(json_obj, sch): a trace's JSON (as_json's value) replayed.
Result<Value> ApplyJsonToSchedule(const CallArgs& c) {
  Args args(c, "apply_json_to_schedule", {"json_obj", "sch"}, 2);
  if (!args.status()) return args.status().error();
  const auto* sch = args.get("sch").as<TirScheduleObject>();
  if (!sch) return args.TypeError("sch", "a tir.Schedule");
  auto text = TirValueAsJson(args.get("json_obj"), args.loc("json_obj"));
  if (!text) return text.error();
  auto trace = tir::TraceFromJson(*text);
  if (!trace) return args.ErrorAt("json_obj", "ValueError: " + trace.error().message);
  if (Status st = tir::ApplyTrace(*trace, sch->handle->sch.get()); !st)
    return Error(st.error().message, c.loc);
  return Value();
}

// The class Trace: called, a trace; its attribute, the static apply_json_to_schedule.
struct TraceClassObject : BuiltinFunction {
  explicit TraceClassObject(tir::TvmDialect dialect)
      : BuiltinFunction("Trace", [dialect](Interpreter&, const CallArgs& c) {
          return ConstructTrace(dialect, c);
        }) {}
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "apply_json_to_schedule")
      return MakeFunction(name,
                          [](Interpreter&, const CallArgs& c) { return ApplyJsonToSchedule(c); });
    return BuiltinFunction::GetAttr(interp, name, loc);
  }
};

}  // namespace

Value MakeTraceValue(const tir::Trace& trace, tir::TvmDialect dialect,
                     std::shared_ptr<TirScheduleHandle> owner) {
  auto data = std::make_shared<TraceData>();
  data->trace = trace;
  data->dialect = dialect;
  data->variables.owner = std::move(owner);
  return TraceValueOf(data);
}

const void* TirTraceIdentity(const Value& v) {
  const auto* inst = v.as<TirInstructionObject>();
  return inst ? inst->identity.get() : nullptr;
}

void RegisterTirTraceBuiltins(Interpreter& interp) {
  for (const char* module : {"tvm.tir.schedule", "tvm.tir.schedule.trace", "tvm.s_tir.schedule",
                             "tvm.s_tir.schedule.trace"}) {
    std::string m = module;
    tir::TvmDialect dialect =
        m.rfind("tvm.s_tir", 0) == 0 ? tir::TvmDialect::STir : tir::TvmDialect::Tir;
    interp.Register(m + ".Trace", Value::FromObject(std::make_shared<TraceClassObject>(dialect)));
  }
}

}  // namespace tessera::script
