#include "script/tvm/autotvm/TuneConfig.h"

#include <algorithm>
#include <numeric>

#include "ir/ExprOp.h"
#include "runtime/MachinePeak.h"
#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"

namespace tessera::script {

namespace {

std::string ValueText(const Value& v) {
  if (v.is_bool()) return v.as_bool() ? "True" : "False";
  if (v.is_int()) return std::to_string(v.as_int());
  if (v.is_float()) return std::to_string(v.as_float());
  if (v.is_string()) return "\"" + v.as_string() + "\"";
  return v.is_none() ? "None" : "<value>";
}

std::string ValueListText(const std::vector<int64_t>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

const ir::IterVar* KnobIterVar(const Value& v) {
  auto* iv = v.as<IterVarObject>();
  return iv ? &iv->iter_var : nullptr;
}

// cfg: the knobs of one evaluation.
struct ConfigObject : Object {
  TuneConfigState* state;
  std::weak_ptr<const ConfigObject> self;  // set where it is made (RegisterTuneConfig)
  // Per knob: define_knob's candidates, define_reorder's axes and orders.
  mutable std::map<std::string, std::vector<Value>> candidates;
  mutable std::map<std::string, std::vector<std::vector<size_t>>> orders;
  explicit ConfigObject(TuneConfigState* s) : state(s) {}
  std::string type_name() const override { return "ConfigEntity"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;

  const ScriptKnob* Find(const std::string& name) const {
    for (const ScriptKnob& k : state->knobs)
      if (k.name == name) return &k;
    return nullptr;
  }
  Result<Value> Define(ScriptKnob knob, const Args& args) const;
  Result<Value> DefineSplit(const CallArgs& call) const;
  Result<Value> DefineKnob(const CallArgs& call) const;
  Result<Value> DefineReorder(const CallArgs& call) const;
  Result<Value> FallbackSplit(const CallArgs& call) const;
};

// cfg["name"]: one knob's value.
struct EntityObject : Object {
  std::shared_ptr<const ConfigObject> config;
  std::string name;
  EntityObject(std::shared_ptr<const ConfigObject> c, std::string n)
      : config(std::move(c)), name(std::move(n)) {}
  std::string type_name() const override { return "ConfigEntity"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override;
  const ScriptKnob& knob() const { return *config->Find(name); }
  Result<Value> ApplySplit(Interpreter& interp, const CallArgs& call) const;
  Result<Value> ApplyReorder(Interpreter& interp, const CallArgs& call) const;
};

// s[op] for `apply(s, op, ...)`.
Result<Value> StageOf(Interpreter& interp, const Args& args) {
  const Value& s = args.get("sch");
  auto* sch = s.as<ScheduleObject>();
  if (!sch) return args.TypeError("sch", "a schedule");
  return sch->Subscript(interp, {args.get("op")}, {args.loc("op")}, args.loc("op"));
}

Result<Value> CallMethod(Interpreter& interp, const Value& object, const std::string& method,
                         CallArgs args) {
  auto m = object.object()->GetAttr(interp, method, args.loc);
  if (!m) return m.error();
  return interp.CallValue(*m, args);
}

Result<Value> ConfigObject::Define(ScriptKnob knob, const Args& args) const {
  if (Find(knob.name)) return args.ErrorAt("key", "the knob '" + knob.name + "' is defined twice");
  knob.loc = args.call().loc;
  auto given = state->values.find(knob.name);
  if (given != state->values.end()) {
    if (!InKnobDomain(knob, given->second))
      return args.ErrorAt("key", "the value " + ValueListText(given->second) +
                                     " given for the knob '" + knob.name +
                                     "' is not in its domain");
    knob.value = given->second;
  }
  state->knobs.push_back(std::move(knob));
  return Value();
}

Result<Value> ConfigObject::DefineSplit(const CallArgs& call) const {
  Args args(call, "define_split", {"key", "axis", "policy", "num_outputs", "max_factor", "filter"},
            2);
  if (!args.status()) return args.status().error();
  ScriptKnob k;
  k.kind = ScriptKnob::Kind::Split;
  k.policy = "factors";
  auto name = args.String("key");
  if (!name) return name.error();
  k.name = *name;
  const Value& axis = args.get("axis");
  if (axis.is_int()) {
    k.extent = axis.as_int();
  } else if (const ir::IterVar* iv = KnobIterVar(axis)) {
    const int64_t* e = (*iv)->dom.defined() ? ir::as_const_int((*iv)->dom.extent) : nullptr;
    if (!e)
      return args.ErrorAt("axis",
                          "define_split needs an axis with a constant extent (an axis of the op)");
    k.extent = *e;
  } else {
    return args.TypeError("axis", "an IterVar or an integer length");
  }
  if (k.extent < 1) return args.ErrorAt("axis", "define_split needs a positive extent");
  if (args.has("policy")) {
    auto policy = args.String("policy");
    if (!policy) return policy.error();
    if (*policy != "factors")
      return args.ErrorAt("policy", "Tessera supports the policy \"factors\" (divisors)");
  }
  if (args.has("num_outputs")) {
    auto n = args.Int("num_outputs");
    if (!n) return n.error();
    if (*n < 2 || *n > 6) return args.ErrorAt("num_outputs", "num_outputs must be between 2 and 6");
    k.parts = static_cast<int>(*n);
  }
  if (args.has("max_factor")) {
    auto m = args.Int("max_factor");
    if (!m) return m.error();
    if (*m < 1) return args.ErrorAt("max_factor", "max_factor must be positive");
    k.max_factor = *m;
  }
  if (args.has("filter"))
    return args.ErrorAt("filter", "Tessera does not run Python filters; use max_factor");
  k.value.assign(k.parts, 1);
  k.value[0] = k.extent;  // AutoTVM's fallback [-1, 1, ...]: everything in the outer part
  return Define(std::move(k), args);
}

Result<Value> ConfigObject::DefineKnob(const CallArgs& call) const {
  Args args(call, "define_knob", {"key", "candidate"}, 2);
  if (!args.status()) return args.status().error();
  ScriptKnob k;
  auto name = args.String("key");
  if (!name) return name.error();
  k.name = *name;
  const Value& list = args.get("candidate");
  if (!list.is_sequence() || list.items().empty())
    return args.TypeError("candidate", "a non-empty list");
  for (const Value& v : list.items()) {
    if (!(v.is_number() || v.is_string()))
      return args.TypeError("candidate", "a list of numbers or strings");
    k.choices.push_back(ValueText(v));
  }
  k.value = {0};  // the fallback: the first candidate
  auto defined = Define(std::move(k), args);
  if (defined) candidates[*name] = list.items();
  return defined;
}

Result<Value> ConfigObject::DefineReorder(const CallArgs& call) const {
  Args args(call, "define_reorder", {"key", "axes", "policy", "candidate"}, 2);
  if (!args.status()) return args.status().error();
  ScriptKnob k;
  k.kind = ScriptKnob::Kind::Reorder;
  auto name = args.String("key");
  if (!name) return name.error();
  k.name = *name;
  const Value& axes = args.get("axes");
  if (!axes.is_sequence() || axes.items().empty())
    return args.TypeError("axes", "a list of IterVars");
  std::vector<const ir::IterVar*> vars;
  for (const Value& v : axes.items()) {
    const ir::IterVar* iv = KnobIterVar(v);
    if (!iv) return args.TypeError("axes", "a list of IterVars");
    vars.push_back(iv);
  }
  std::string policy = "all";
  if (args.has("policy")) {
    auto p = args.String("policy");
    if (!p) return p.error();
    policy = *p;
  }
  std::vector<std::vector<size_t>> perms;
  std::vector<size_t> identity(vars.size());
  std::iota(identity.begin(), identity.end(), 0);
  if (policy == "identity") {
    perms.push_back(identity);
  } else if (policy == "all") {
    if (vars.size() > 6)
      return args.ErrorAt("axes", "policy \"all\" takes at most 6 axes (720 orders)");
    std::vector<size_t> p = identity;
    do perms.push_back(p);
    while (std::next_permutation(p.begin(), p.end()));
  } else if (policy == "candidate") {
    const Value& cands = args.get("candidate");
    if (!cands.is_sequence() || cands.items().empty())
      return args.TypeError("candidate", "a list of orders (lists of the axes)");
    for (const Value& order : cands.items()) {
      if (!order.is_sequence() || order.items().size() != vars.size())
        return args.ErrorAt("candidate", "every candidate must order all the axes");
      std::vector<size_t> p;
      for (const Value& v : order.items()) {
        const ir::IterVar* iv = KnobIterVar(v);
        size_t at = vars.size();
        for (size_t i = 0; iv && i < vars.size(); ++i)
          if (*vars[i] == *iv) at = i;
        if (at == vars.size() || std::count(p.begin(), p.end(), at))
          return args.ErrorAt("candidate", "every candidate must order all the axes, each once");
        p.push_back(at);
      }
      perms.push_back(p);
    }
  } else {
    return args.ErrorAt("policy", "policy must be \"all\", \"identity\" or \"candidate\"");
  }
  k.policy = policy;
  for (const auto& p : perms) {
    std::string text;
    for (size_t i = 0; i < p.size(); ++i) text += (i ? ", " : "") + (*vars[p[i]])->var.name();
    k.choices.push_back(text);
  }
  k.value = {0};
  auto defined = Define(std::move(k), args);
  if (defined) {
    orders[*name] = perms;
    candidates[*name] = axes.items();
  }
  return defined;
}

// AutoTVM's FallbackConfigEntity.fallback_split: from the innermost part outwards, each
// part takes the largest factor of what is left that is at most its constraint (-1: no
// constraint; inner parts also at most the knob's max_factor, so the value stays in the
// domain); the outer part takes the rest. A knob the tuner chose keeps the tuner's value.
Result<Value> ConfigObject::FallbackSplit(const CallArgs& call) const {
  Args args(call, "fallback_split", {"name", "constraints"}, 2);
  if (!args.status()) return args.status().error();
  auto name = args.String("name");
  if (!name) return name.error();
  ScriptKnob* knob = nullptr;
  for (ScriptKnob& k : state->knobs)
    if (k.name == *name) knob = &k;
  if (!knob || knob->kind != ScriptKnob::Kind::Split)
    return args.ErrorAt("name",
                        "fallback_split needs a split knob defined before it (cfg.define_split)");
  const Value& list = args.get("constraints");
  if (!list.is_sequence() || list.items().size() != static_cast<size_t>(knob->parts))
    return args.ErrorAt("constraints", "fallback_split takes one constraint per part of '" + *name +
                                           "' (" + std::to_string(knob->parts) + ")");
  std::vector<int64_t> limits;
  for (const Value& v : list.items()) {
    if (!v.is_int() || (v.as_int() < 1 && v.as_int() != -1))
      return args.ErrorAt("constraints", "each constraint is a positive integer or -1 (none)");
    limits.push_back(v.as_int());
  }
  if (state->values.count(*name)) return Value();  // the tuner's choice stands
  std::vector<int64_t> factors(limits.size(), 1);
  int64_t rest = knob->extent;
  for (size_t part = limits.size() - 1; part >= 1; --part) {
    int64_t limit = limits[part] == -1 ? rest : limits[part];
    if (knob->max_factor > 0) limit = std::min(limit, knob->max_factor);
    int64_t best = 1;
    for (int64_t d = 1; d <= std::min(limit, rest); ++d)
      if (rest % d == 0) best = d;
    factors[part] = best;
    rest /= best;
  }
  if (limits[0] != -1 && rest > limits[0])
    return args.ErrorAt("constraints", "the outer part of '" + *name + "' takes the rest (" +
                                           std::to_string(rest) +
                                           "); its constraint must be -1 or at least that");
  factors[0] = rest;
  knob->value = std::move(factors);
  return Value();
}

Result<Value> ConfigObject::GetAttr(Interpreter& interp, const std::string& name,
                                    const SourceLoc& loc) const {
  std::shared_ptr<const ConfigObject> me = self.lock();
  if (name == "define_split")
    return MakeFunction("define_split",
                        [me](Interpreter&, const CallArgs& c) { return me->DefineSplit(c); });
  if (name == "define_knob")
    return MakeFunction("define_knob",
                        [me](Interpreter&, const CallArgs& c) { return me->DefineKnob(c); });
  if (name == "define_reorder")
    return MakeFunction("define_reorder",
                        [me](Interpreter&, const CallArgs& c) { return me->DefineReorder(c); });
  if (name == "fallback_split")
    return MakeFunction("fallback_split",
                        [me](Interpreter&, const CallArgs& c) { return me->FallbackSplit(c); });
  if (name == "is_fallback") return Value::Bool(state->values.empty());
  return Object::GetAttr(interp, name, loc);
}

Result<Value> ConfigObject::Subscript(Interpreter&, const std::vector<Value>& indices,
                                      const std::vector<SourceLoc>& index_locs,
                                      const SourceLoc& loc) const {
  if (indices.size() != 1 || !indices[0].is_string())
    return Error("cfg[...] takes a knob's name (a string)",
                 index_locs.empty() ? loc : index_locs[0]);
  const std::string& name = indices[0].as_string();
  if (!Find(name))
    return Error("no knob named '" + name + "' (define it with cfg.define_*)", index_locs[0]);
  return Value::FromObject(std::make_shared<EntityObject>(self.lock(), name));
}

Result<Value> EntityObject::ApplySplit(Interpreter& interp, const CallArgs& call) const {
  Args args(call, "apply", {"sch", "op", "axis"}, 3);
  if (!args.status()) return args.status().error();
  auto stage = StageOf(interp, args);
  if (!stage) return stage.error();
  const ScriptKnob& k = knob();
  Value axis = args.get("axis");
  std::vector<Value> inner;
  for (size_t level = k.value.size() - 1; level >= 1; --level) {
    CallArgs split;
    split.loc = call.loc;
    split.positional = {axis};
    split.positional_locs = {args.loc("axis")};
    split.keywords = {{"factor", Value::Int(k.value[level])}};
    split.keyword_locs = {call.loc};
    auto parts = CallMethod(interp, *stage, "split", split);
    if (!parts) return parts.error();
    if (!parts->is_sequence() || parts->items().size() != 2)
      return Error("split returned no pair", call.loc);
    inner.push_back(parts->items()[1]);
    axis = parts->items()[0];
  }
  std::vector<Value> out = {axis};
  out.insert(out.end(), inner.rbegin(), inner.rend());
  return Value::List(std::move(out));
}

Result<Value> EntityObject::ApplyReorder(Interpreter& interp, const CallArgs& call) const {
  Args args(call, "apply", {"sch", "op", "axes"}, 3);
  if (!args.status()) return args.status().error();
  auto stage = StageOf(interp, args);
  if (!stage) return stage.error();
  const Value& axes = args.get("axes");
  const std::vector<size_t>& perm = config->orders.at(name)[static_cast<size_t>(knob().value[0])];
  if (!axes.is_sequence() || axes.items().size() != perm.size())
    return args.ErrorAt("axes", "apply takes the " + std::to_string(perm.size()) +
                                    " axes the knob was defined with");
  CallArgs reorder;
  reorder.loc = call.loc;
  for (size_t p : perm) {
    reorder.positional.push_back(axes.items()[p]);
    reorder.positional_locs.push_back(args.loc("axes"));
  }
  auto done = CallMethod(interp, *stage, "reorder", reorder);
  if (!done) return done.error();
  return Value::List(reorder.positional);
}

Result<Value> EntityObject::GetAttr(Interpreter& interp, const std::string& attr,
                                    const SourceLoc& loc) const {
  const ScriptKnob& k = knob();
  auto self = std::make_shared<const EntityObject>(config, name);
  if (k.kind == ScriptKnob::Kind::Split) {
    if (attr == "size") {
      std::vector<Value> sizes;
      for (int64_t f : k.value) sizes.push_back(Value::Int(f));
      return Value::List(std::move(sizes));
    }
    if (attr == "apply")
      return MakeFunction(
          "apply", [self](Interpreter& in, const CallArgs& c) { return self->ApplySplit(in, c); });
  } else if (k.kind == ScriptKnob::Kind::Choice) {
    if (attr == "val") return config->candidates.at(name)[static_cast<size_t>(k.value[0])];
  } else {
    if (attr == "perm") {
      std::vector<Value> perm;
      for (size_t p : config->orders.at(name)[static_cast<size_t>(k.value[0])])
        perm.push_back(Value::Int(static_cast<int64_t>(p)));
      return Value::List(std::move(perm));
    }
    if (attr == "apply")
      return MakeFunction("apply", [self](Interpreter& in, const CallArgs& c) {
        return self->ApplyReorder(in, c);
      });
  }
  return Object::GetAttr(interp, attr, loc);
}

void Factorizations(int64_t rest, int parts, int64_t max_factor, std::vector<int64_t>& prefix,
                    std::vector<std::vector<int64_t>>& out) {
  if (parts == 1) {
    // The outer part takes what is left (as in AutoTVM, it is not bounded by max_factor).
    std::vector<int64_t> v = {rest};
    v.insert(v.end(), prefix.rbegin(), prefix.rend());
    out.push_back(std::move(v));
    return;
  }
  for (int64_t d = 1; d <= rest; ++d) {
    if (rest % d != 0 || (max_factor > 0 && d > max_factor)) continue;
    prefix.push_back(d);
    Factorizations(rest / d, parts - 1, max_factor, prefix, out);
    prefix.pop_back();
  }
}

}  // namespace

std::vector<std::vector<int64_t>> SplitValues(const ScriptKnob& knob) {
  std::vector<std::vector<int64_t>> out;
  std::vector<int64_t> prefix;
  Factorizations(knob.extent, knob.parts, knob.max_factor, prefix, out);
  return out;
}

bool InKnobDomain(const ScriptKnob& knob, const std::vector<int64_t>& value) {
  if (knob.kind != ScriptKnob::Kind::Split)
    return value.size() == 1 && value[0] >= 0 &&
           value[0] < static_cast<int64_t>(knob.choices.size());
  if (static_cast<int>(value.size()) != knob.parts) return false;
  int64_t product = 1;
  for (size_t i = 0; i < value.size(); ++i) {
    if (value[i] < 1) return false;
    if (i > 0 && knob.max_factor > 0 && value[i] > knob.max_factor) return false;
    product *= value[i];
  }
  return product == knob.extent;
}

// What the evaluation did, not the text: a TVM export keeps the knob script in comments
// ("#   cfg = autotvm.get_config()"), and a structured export (a comprehension among its
// statements) was taken for a knob script.
bool UsesTuneConfig(const ScriptProgram& program) { return program.uses_tune_config; }

void RegisterTuneConfig(Interpreter& interp, TuneConfigState& state) {
  auto config = std::make_shared<ConfigObject>(&state);
  config->self = config;
  interp.RegisterFunction("tvm.autotvm.get_config",
                          [config, &state](Interpreter&, const CallArgs& c) -> Result<Value> {
                            Args args(c, "get_config", {}, 0);
                            if (!args.status()) return args.status().error();
                            state.used = true;
                            return Value::FromObject(config);
                          });
  // TOPI's x86 helper: the fp32 lanes of the target's widest vector (16 AVX-512, 8 AVX2,
  // 4 otherwise), read from this CPU unless an evaluation stands for another one.
  auto simd_lanes = [&state](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "get_simd_32bit_lanes", {}, 0);
    if (!args.status()) return args.status().error();
    if (state.simd_lanes > 0) return Value::Int(state.simd_lanes);
    return Value::Int(std::max(4, runtime::HostMachinePeak().fp32_lanes));
  };
  // TVM 0.19 defines it as tvm.target.x86.get_simd_32bit_lanes (python/tvm/target/x86.py);
  // the older path is kept because its packed function is still registered under that name
  // and existing scripts import it from there.
  interp.RegisterFunction("tvm.target.x86.get_simd_32bit_lanes", simd_lanes);
  interp.RegisterFunction("tvm.topi.x86.utils.get_simd_32bit_lanes", simd_lanes);
}

}  // namespace tessera::script
