#include "script/tvm/tir/schedule/TirInstructionObjects.h"

#include <climits>

#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "support/Json.h"
#include "support/JsonReader.h"
#include "tir/IndexMap.h"
#include "tir/TraceJson.h"

namespace tessera::script {
namespace {

using RVKind = TirRandomVariable::Kind;

Result<tir::InstKind> InstKindNamed(const std::string& name) {
  for (int k = 0; k < tir::kNumInstKinds; ++k)
    if (name == tir::inst_kind_name(static_cast<tir::InstKind>(k)))
      return static_cast<tir::InstKind>(k);
  return Error("ValueError: there is no instruction kind \"" + name + "\"");
}

Value SameAsMethod(std::function<bool(const Value&)> same) {
  return MakeFunction("same_as", [same](Interpreter&, const CallArgs& a) -> Result<Value> {
    if (a.positional.size() != 1 || !a.keywords.empty())
      return Error("same_as() takes one argument", a.loc);
    return Value::Bool(same(a.positional[0]));
  });
}

Value KindValue(tir::InstKind kind) {
  auto k = std::make_shared<TirInstructionKindObject>();
  k->kind = kind;
  return Value::FromObject(k);
}

// Who a random variable is: a schedule's by its schedule and id, a free one (BlockRV())
// or a tir.Var by its object.
using RVKey = std::pair<const void*, int>;
std::optional<RVKey> KeyOf(const Value& v) {
  if (const auto* rv = v.as<TirRandomVariable>())
    return rv->owner ? RVKey{rv->owner.get(), rv->id} : RVKey{rv, INT_MIN};
  if (v.is_expr() && v.as_expr().as<ir::VarNode>()) return RVKey{v.as_expr().get(), INT_MIN + 1};
  return std::nullopt;
}

char PrefixOf(const Value& v) {
  if (const auto* rv = v.as<TirRandomVariable>())
    return rv->kind == RVKind::Block ? 'b' : rv->kind == RVKind::Loop ? 'l' : 'v';
  return 'v';
}

// Writes an instruction's values in TVM's JSON layout: random variables by name (inputs
// nobody defined become free variables), None as "None" among inputs, strings quoted
// among inputs (TVM's TranslateInputRVs) and as they are among attrs, booleans as 0/1.
class LayoutWriter {
 public:
  JsonWriter w;
  std::map<RVKey, std::string> names;
  std::vector<std::string> free;
  std::vector<Value> free_values;  // the value each _freeN name stands for
  int count = 0;

  Status Input(const Value& v) {
    if (auto key = KeyOf(v)) {
      auto it = names.find(*key);
      if (it == names.end()) {
        std::string name = "_free" + std::to_string(free.size());
        free.push_back(name);
        free_values.push_back(v);
        it = names.emplace(*key, name).first;
      }
      w.value(it->second);
      return Status::Ok();
    }
    if (v.is_none()) {
      w.value("None");
      return Status::Ok();
    }
    if (v.is_string()) {
      w.value("\"" + v.as_string() + "\"");
      return Status::Ok();
    }
    return Plain(v, true);
  }
  Status Attr(const Value& v) {
    if (v.is_string()) {
      w.value(v.as_string());
      return Status::Ok();
    }
    if (v.is_none()) {
      w.null();
      return Status::Ok();
    }
    return Plain(v, false);
  }
  Status Output(const Value& v) {
    if (v.is_none()) {
      w.value("_");
      ++count;
      return Status::Ok();
    }
    auto key = KeyOf(v);
    if (!key) return Error("an output must be a BlockRV, LoopRV or tir.Var, not " + v.type_name());
    std::string name = PrefixOf(v) + std::to_string(count++);
    names[*key] = name;
    w.value(name);
    return Status::Ok();
  }

 private:
  Status Plain(const Value& v, bool input) {
    if (v.is_bool()) {
      w.value(static_cast<int64_t>(v.as_bool()));
    } else if (v.is_integer()) {
      w.value(v.as_int());
    } else if (v.is_float()) {
      w.value(v.as_float());
    } else if (v.is_sequence()) {
      w.begin_array();
      for (const Value& item : v.items())
        if (Status s = input ? Input(item) : Attr(item); !s.ok()) return s;
      w.end_array();
    } else if (const auto* map = v.as<TirIndexMapObject>()) {
      w.value(tir::IndexMapToJson(map->map));
    } else if (auto e = ToExpr(v); e && e->as<ir::IntImmNode>()) {
      w.value(e->as<ir::IntImmNode>()->value);
    } else if (e && e->as<ir::FloatImmNode>()) {
      w.value(e->as<ir::FloatImmNode>()->value);
    } else if (e && e->as<ir::StringImmNode>()) {
      const std::string& s = e->as<ir::StringImmNode>()->value;
      w.value(input ? "\"" + s + "\"" : s);
    } else {
      return Error("cannot hold a " + v.type_name() + " (" + repr(v) + ")");
    }
    return Status::Ok();
  }
};

// A JSON value of an instruction's inputs or attrs as the script value TVM holds:
// random variables by name, "None" as None, quoted strings unquoted, index maps; the
// rest as Python's json module reads it.
Value LayoutValue(const JsonValue& j, const std::map<std::string, Value>& rvs, bool input) {
  if (j.kind == JsonValue::Kind::String) {
    const std::string& s = j.string;
    if (auto it = rvs.find(s); input && it != rvs.end()) return it->second;
    if (input && s == "None") return Value();
    if (input && s.size() >= 2 && s.front() == '"' && s.back() == '"')
      return Value::String(s.substr(1, s.size() - 2));
    if (!s.empty() && s.front() == '{')
      if (auto map = tir::IndexMapFromJson(s); map.ok()) return MakeTirIndexMapValue(*map);
    return Value::String(s);
  }
  if (j.kind == JsonValue::Kind::Array) {
    std::vector<Value> items;
    for (const JsonValue& item : j.items) items.push_back(LayoutValue(item, rvs, input));
    return Value::List(std::move(items));
  }
  return JsonAsValue(j);
}

// A BlockRV / LoopRV / tir.Var of a trace: the schedule's own (with its id) when it has
// an owner, else a free one as BlockRV() makes.
Value TraceVariable(const std::shared_ptr<TirScheduleHandle>& owner, RVKind kind, int id) {
  auto rv = std::make_shared<TirRandomVariable>();
  rv->owner = owner;
  rv->kind = kind;
  rv->id = owner ? id : -1;
  return Value::FromObject(rv);
}

Error InstructionError(size_t index, const TirInstructionObject& inst, const std::string& what,
                       const SourceLoc& loc) {
  return Error("ValueError: instruction " + std::to_string(index) + " (" +
                   tir::inst_kind_name(inst.kind) + "): " + what,
               loc);
}

}  // namespace

Result<Value> TirInstructionKindObject::GetAttr(Interpreter& interp, const std::string& attr,
                                                const SourceLoc& loc) const {
  if (attr == "name") return Value::String(tir::inst_kind_name(kind));
  if (attr == "is_pure") return Value::Bool(tir::is_pure(kind));
  if (attr == "same_as") {
    const tir::InstKind self = kind;
    return SameAsMethod([self](const Value& other) {
      const auto* k = other.as<TirInstructionKindObject>();
      return k && k->kind == self;
    });
  }
  return Object::GetAttr(interp, attr, loc);
}

std::optional<std::string> TirInstructionObject::Str() const {
  auto self = std::make_shared<TirInstructionObject>(*this);
  auto built = TirTraceOfInstructions({Value::FromObject(self)}, {}, SourceLoc());
  if (!built.ok() || built->trace.insts.empty()) return std::string(tir::inst_kind_name(kind));
  return tir::InstructionAsPython(built->trace.insts[0], dialect);
}

Result<Value> TirInstructionObject::GetAttr(Interpreter& interp, const std::string& attr,
                                            const SourceLoc& loc) const {
  if (attr == "kind") return KindValue(kind);
  if (attr == "inputs") return Value::List(inputs);
  if (attr == "attrs") return Value::List(attrs);
  if (attr == "outputs") return Value::List(outputs);
  if (attr == "same_as") {
    std::shared_ptr<const int> self = identity;
    return SameAsMethod([self](const Value& other) {
      const auto* i = other.as<TirInstructionObject>();
      return i && i->identity == self;
    });
  }
  return Object::GetAttr(interp, attr, loc);
}

Result<std::vector<Value>> TirInstructionsOf(const tir::Trace& trace, tir::TvmDialect dialect,
                                             TirTraceVariables* variables) {
  auto json = ParseJson(tir::TraceToJson(trace), "trace");
  if (!json.ok()) return json.error();
  const std::vector<JsonValue>& entries = json->items.at(0).items;
  std::map<std::string, Value> rvs;  // by the names TraceToJson gave them
  std::vector<Value> out;
  int count = 0;
  for (size_t n = 0; n < trace.insts.size() && n < entries.size(); ++n) {
    const tir::Instruction& core = trace.insts[n];
    const JsonValue& e = entries[n];
    auto inst = std::make_shared<TirInstructionObject>();
    inst->kind = core.kind;
    inst->dialect = dialect;
    inst->identity = core.identity;
    for (const JsonValue& in : e.items[1].items) inst->inputs.push_back(LayoutValue(in, rvs, true));
    for (const JsonValue& a : e.items[2].items) inst->attrs.push_back(LayoutValue(a, rvs, false));
    for (int id : core.outputs) {
      std::string name = id < 0 ? "_" : tir::output_prefix(core.kind) + std::to_string(count);
      ++count;
      if (id < 0) {
        inst->outputs.emplace_back();
        continue;
      }
      auto it = variables->by_id.find(id);
      if (it == variables->by_id.end()) {
        char p = tir::output_prefix(core.kind);
        RVKind kind = p == 'b' ? RVKind::Block : p == 'l' ? RVKind::Loop : RVKind::Expr;
        it = variables->by_id.emplace(id, TraceVariable(variables->owner, kind, id)).first;
      }
      rvs[name] = it->second;
      inst->outputs.push_back(it->second);
    }
    out.push_back(Value::FromObject(inst));
  }
  return out;
}

Result<TirBuiltTrace> TirTraceOfInstructions(const std::vector<Value>& insts,
                                             const std::vector<std::pair<Value, Value>>& decisions,
                                             const SourceLoc& loc) {
  LayoutWriter layout;
  JsonWriter& w = layout.w;
  std::vector<Value> outputs;  // in the order the trace numbers them
  w.begin_array().begin_array();
  for (size_t n = 0; n < insts.size(); ++n) {
    const auto* inst = insts[n].as<TirInstructionObject>();
    if (!inst)
      return Error("TypeError: Trace(): instruction " + std::to_string(n) +
                       " must be an Instruction, not " + insts[n].type_name(),
                   loc);
    w.begin_array().value(tir::inst_kind_name(inst->kind)).begin_array();
    for (const Value& v : inst->inputs)
      if (Status s = layout.Input(v); !s.ok())
        return InstructionError(n, *inst, "an input " + s.error().message, loc);
    w.end_array().begin_array();
    for (const Value& v : inst->attrs)
      if (Status s = layout.Attr(v); !s.ok())
        return InstructionError(n, *inst, "an attr " + s.error().message, loc);
    w.end_array().begin_array();
    for (const Value& v : inst->outputs) {
      if (Status s = layout.Output(v); !s.ok())
        return InstructionError(n, *inst, s.error().message, loc);
      if (!v.is_none()) outputs.push_back(v);
    }
    w.end_array().end_array();
  }
  w.end_array().begin_array();
  for (const auto& [key, decision] : decisions) {
    const auto* inst = key.as<TirInstructionObject>();
    size_t index = insts.size();
    for (size_t n = 0; inst && n < insts.size(); ++n)
      if (const auto* i = insts[n].as<TirInstructionObject>(); i && i->identity == inst->identity)
        index = n;
    if (index == insts.size())
      return Error("ValueError: Trace(): a decision is keyed by an instruction not in insts", loc);
    if (decision.is_none()) continue;
    w.begin_array().value(static_cast<int64_t>(index));
    if (Status s = layout.Attr(decision); !s.ok())
      return Error("ValueError: Trace(): the decision of instruction " + std::to_string(index) +
                       " " + s.error().message,
                   loc);
    w.end_array();
  }
  w.end_array().end_array();

  auto trace = tir::TraceFromJson(w.str(), layout.free);
  if (!trace.ok()) return Error("ValueError: Trace(): " + trace.error().message, loc);
  TirBuiltTrace built;
  built.trace = std::move(*trace);
  // TraceFromJson numbers the free variables first, then the outputs in order.
  int id = 0;
  for (const Value& v : layout.free_values) built.variables.by_id[id++] = v;
  for (const Value& v : outputs) built.variables.by_id[id++] = v;
  for (size_t n = 0; n < insts.size(); ++n)
    built.trace.insts[n].identity = insts[n].as<TirInstructionObject>()->identity;
  return built;
}

Result<std::string> TirValueAsJson(const Value& v, const SourceLoc& loc) {
  LayoutWriter layout;
  // A JSON document's strings are attrs' strings: written as they are.
  if (Status s = layout.Attr(v); !s.ok())
    return Error("ValueError: the JSON " + s.error().message, loc);
  return layout.w.str();
}

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

void RegisterTirInstructionBuiltins(Interpreter& interp) {
  auto rv_class = [](RVKind kind, const char* name) {
    return MakeFunction(name, [kind, name](Interpreter&, const CallArgs& c) -> Result<Value> {
      Args args(c, name, {}, 0);
      if (!args.status()) return args.status().error();
      return TraceVariable(nullptr, kind, -1);
    });
  };
  auto kind_get = MakeFunction("get", [](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "InstructionKind.get", {"name"}, 1);
    if (!args.status()) return args.status().error();
    auto name = args.String("name");
    if (!name) return name.error();
    auto kind = InstKindNamed(*name);
    if (!kind) return args.ErrorAt("name", kind.error().message);
    return KindValue(*kind);
  });
  auto instruction = [](tir::TvmDialect dialect) {
    return MakeFunction("Instruction", [dialect](Interpreter&, const CallArgs& c) -> Result<Value> {
      Args args(c, "Instruction", {"kind", "inputs", "attrs", "outputs"}, 4);
      if (!args.status()) return args.status().error();
      const auto* kind = args.get("kind").as<TirInstructionKindObject>();
      if (!kind) return args.TypeError("kind", "an InstructionKind");
      auto inst = std::make_shared<TirInstructionObject>();
      inst->kind = kind->kind;
      inst->dialect = dialect;
      for (const char* param : {"inputs", "attrs", "outputs"}) {
        const Value& list = args.get(param);
        if (!list.is_sequence()) return args.TypeError(param, "a list");
        std::vector<Value>& into = std::string(param) == "inputs"  ? inst->inputs
                                   : std::string(param) == "attrs" ? inst->attrs
                                                                   : inst->outputs;
        into = list.items();
      }
      for (size_t i = 0; i < inst->outputs.size(); ++i)
        if (!inst->outputs[i].is_none() && !KeyOf(inst->outputs[i]))
          return args.ErrorAt("outputs", "TypeError: Instruction(): outputs[" + std::to_string(i) +
                                             "] must be a BlockRV, LoopRV or tir.Var, not " +
                                             inst->outputs[i].type_name());
      return Value::FromObject(inst);
    });
  };
  auto kind_class = std::make_shared<ModuleObject>();
  for (const char* module : {"tvm.tir.schedule", "tvm.tir.schedule.instruction",
                             "tvm.s_tir.schedule", "tvm.s_tir.schedule.instruction"}) {
    std::string m = module;
    tir::TvmDialect dialect =
        m.rfind("tvm.s_tir", 0) == 0 ? tir::TvmDialect::STir : tir::TvmDialect::Tir;
    interp.Register(m + ".Instruction", instruction(dialect));
    interp.Register(m + ".InstructionKind", Value::FromObject(kind_class));
    interp.Register(m + ".InstructionKind.get", kind_get);
  }
  kind_class->path = "tvm.tir.schedule.InstructionKind";
  for (const char* module : {"tvm.tir.schedule", "tvm.tir", "tvm.s_tir.schedule", "tvm.s_tir"}) {
    std::string m = module;
    interp.Register(m + ".BlockRV", rv_class(RVKind::Block, "BlockRV"));
    interp.Register(m + ".SBlockRV", rv_class(RVKind::Block, "SBlockRV"));
    interp.Register(m + ".LoopRV", rv_class(RVKind::Loop, "LoopRV"));
  }
}

}  // namespace tessera::script
