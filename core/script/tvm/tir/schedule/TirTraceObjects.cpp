#include "script/tvm/tir/schedule/TirTraceObjects.h"

#include <memory>

#include "script/lang/Interpreter.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "support/JsonReader.h"
#include "tir/TraceJson.h"

namespace tessera::script {
namespace {

// A JSON value as Python's json module reads it (TVM's Trace.as_json() is such a value:
// [[instructions...], [[instruction index, decision]...]]).
Value JsonAsValue(const JsonValue& j) {
  switch (j.kind) {
    case JsonValue::Kind::Null:
      return Value();
    case JsonValue::Kind::Bool:
      return Value::Bool(j.boolean);
    case JsonValue::Kind::Number:
      return j.is_integer ? Value::Int(j.integer) : Value::Float(j.number);
    case JsonValue::Kind::String:
      return Value::String(j.string);
    case JsonValue::Kind::Array: {
      std::vector<Value> items;
      for (const JsonValue& item : j.items) items.push_back(JsonAsValue(item));
      return Value::List(std::move(items));
    }
    case JsonValue::Kind::Object: {
      auto dict = std::make_shared<DictObject>();
      for (const JsonMember& m : j.members)
        dict->entries->emplace_back(Value::String(m.key), JsonAsValue(m.value));
      return Value::FromObject(dict);
    }
  }
  return Value();
}

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

// inst.kind: TVM's InstructionKind, known by its name.
struct InstructionKindObject : Object {
  std::string name;
  std::string type_name() const override { return "InstructionKind"; }
  std::optional<std::string> Str() const override { return name; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override {
    if (attr == "name") return Value::String(name);
    if (attr == "same_as") {
      const std::string self = name;
      return MakeFunction("same_as", [self](Interpreter&, const CallArgs& a) -> Result<Value> {
        if (a.positional.size() != 1 || !a.keywords.empty())
          return Error("same_as() takes one argument", a.loc);
        const auto* other = a.positional[0].as<InstructionKindObject>();
        return Value::Bool(other && other->name == self);
      });
    }
    return Object::GetAttr(interp, attr, loc);
  }
};

// trace.insts[i]: its kind, and who it is (the instruction's identity token).
struct InstructionObject : Object {
  tir::InstKind kind = tir::InstKind::GetBlock;
  std::shared_ptr<const int> identity;
  std::string type_name() const override { return "Instruction"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override {
    if (attr == "kind") {
      auto kind_object = std::make_shared<InstructionKindObject>();
      kind_object->name = tir::inst_kind_name(kind);
      return Value::FromObject(kind_object);
    }
    if (attr == "same_as") {
      std::shared_ptr<const int> self = identity;
      return MakeFunction("same_as", [self](Interpreter&, const CallArgs& a) -> Result<Value> {
        if (a.positional.size() != 1 || !a.keywords.empty())
          return Error("same_as() takes one argument", a.loc);
        return Value::Bool(TirTraceIdentity(a.positional[0]) == self.get());
      });
    }
    return Object::GetAttr(interp, attr, loc);
  }
};

Value InstructionValue(const tir::Instruction& inst) {
  auto object = std::make_shared<InstructionObject>();
  object->kind = inst.kind;
  object->identity = inst.identity;
  return Value::FromObject(object);
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

struct TraceObject : Object {
  // Shared with the get_decision methods it hands out.
  std::shared_ptr<const tir::Trace> trace;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  std::string type_name() const override { return "Trace"; }
  std::optional<std::string> Str() const override { return tir::TraceAsPython(*trace, dialect); }

  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "as_python") {
      std::vector<Value> lines;
      for (const std::string& l : tir::TraceLines(*trace, dialect))
        lines.push_back(Value::String(l));
      return TirSchedConstantMethod(name, Value::List(std::move(lines)));
    }
    if (name == "show") return TirSchedConstantMethod(name, Value());
    if (name == "as_json") {
      auto json = ParseJson(tir::TraceToJson(*trace), "trace");
      if (!json.ok()) return json.error();
      return TirSchedConstantMethod(name, JsonAsValue(*json));
    }
    if (name == "insts") {
      std::vector<Value> insts;
      for (const tir::Instruction& inst : trace->insts) insts.push_back(InstructionValue(inst));
      return Value::List(std::move(insts));
    }
    if (name == "decisions") {
      auto dict = std::make_shared<DictObject>();
      for (const tir::Instruction& inst : trace->insts)
        if (inst.has_decision)
          dict->entries->emplace_back(InstructionValue(inst), DecisionValue(inst));
      return Value::FromObject(dict);
    }
    if (name == "get_decision") {
      std::shared_ptr<const tir::Trace> self = trace;
      return MakeFunction(name, [self](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "get_decision", {"inst"}, 1);
        if (!args.status()) return args.status().error();
        if (!args.get("inst").as<InstructionObject>())
          return args.TypeError("inst", "an Instruction of the trace");
        // None for an instruction of another trace, as TVM's lookup of the decision.
        const tir::Instruction* inst = FindInstruction(*self, args.get("inst"));
        return inst ? DecisionValue(*inst) : Value();
      });
    }
    if (name == "with_decision") {
      std::shared_ptr<const tir::Trace> self = trace;
      const tir::TvmDialect d = dialect;
      return MakeFunction(name, [self, d](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "with_decision", {"inst", "decision", "remove_postproc"}, 3);
        if (!args.status()) return args.status().error();
        const tir::Instruction* inst = FindInstruction(*self, args.get("inst"));
        if (!inst) return args.TypeError("inst", "an Instruction of the trace");
        if (!tir::is_sampling(inst->kind))
          return args.ErrorAt(
              "inst",
              "ValueError: " + std::string(tir::inst_kind_name(inst->kind)) + " makes no decision");
        auto decision = DecisionOf(args.get("decision"), *inst, args.loc("decision"));
        if (!decision) return decision.error();
        auto remove = args.Bool("remove_postproc");
        if (!remove) return remove.error();
        tir::Trace out = WithoutPostproc(*self, *remove);
        for (tir::Instruction& i : out.insts) {
          if (i.identity != inst->identity) continue;
          i.has_decision = true;
          i.decision = *decision;
        }
        return MakeTraceValue(out, d);
      });
    }
    if (name == "apply_to_schedule") {
      std::shared_ptr<const tir::Trace> self = trace;
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
        if (Status st = tir::ApplyTrace(WithoutPostproc(*self, *remove), sch->handle->sch.get());
            !st)
          return Error(st.error().message, c.loc);
        return Value();
      });
    }
    return Object::GetAttr(interp, name, loc);
  }
};

}  // namespace

Value MakeTraceValue(const tir::Trace& trace, tir::TvmDialect dialect) {
  auto t = std::make_shared<TraceObject>();
  t->trace = std::make_shared<const tir::Trace>(trace);
  t->dialect = dialect;
  return Value::FromObject(t);
}

const void* TirTraceIdentity(const Value& v) {
  const auto* inst = v.as<InstructionObject>();
  return inst ? inst->identity.get() : nullptr;
}

}  // namespace tessera::script
