#include "tune/TunableKnobs.h"

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "codegen/LoweringContext.h"
#include "ir/ExprOp.h"
#include "schedule/Replay.h"
#include "transform/LowerSchedule.h"
#include "tune/Tuner.h"

namespace tessera::tune {
namespace {

using schedule::TraceEntry;

constexpr size_t kMaxOrders = 120;  // every order of up to 5 loops
constexpr int64_t kMaxSpace = 1000000000;

bool IsAnnotation(const std::string& primitive) {
  return primitive == "vectorize" || primitive == "unroll" || primitive == "parallel";
}

std::string Join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

std::vector<std::string> SplitText(const std::string& text, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(sep, start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// The constant extent of `stage`'s iter var `name`, or 0 when it has none.
int64_t ExtentOf(const schedule::Stage& stage, const std::string& name) {
  auto iv = stage->find_iter_var(name);
  if (!iv || !(*iv)->dom.defined()) return 0;
  const int64_t* extent = ir::as_const_int((*iv)->dom.extent);
  return extent ? *extent : 0;
}

// A split's factors to try: powers of two and the divisors of the extent (when known),
// at most 64, with the current one.
std::vector<std::string> FactorValues(int64_t current, int64_t extent) {
  const int64_t top = extent > 1 ? std::min<int64_t>(extent, 64) : 64;
  std::set<int64_t> factors{current};
  for (int64_t f = 2; f <= top; f *= 2) factors.insert(f);
  if (extent > 1)
    for (int64_t f = 2; f <= top; ++f)
      if (extent % f == 0) factors.insert(f);
  std::vector<std::string> out;
  for (int64_t f : factors) out.push_back(std::to_string(f));
  return out;
}

// The orders to try: the current one first, then the next permutations (all of them for
// up to 5 loops).
std::vector<std::string> OrderValues(std::vector<std::string> order) {
  std::vector<std::string> out{Join(order, ",")};
  std::vector<std::string> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  do {
    std::string text = Join(sorted, ",");
    if (text != out.front()) out.push_back(text);
  } while (out.size() < kMaxOrders && std::next_permutation(sorted.begin(), sorted.end()));
  return out;
}

Result<TunableKnob> SplitKnob(const schedule::Schedule& sch, const schedule::Stage& stage,
                              const std::string& var) {
  const auto& entries = sch.trace.entries;
  int made = -1, split = -1;
  for (int e = 0; e < int(entries.size()); ++e) {
    const TraceEntry& t = entries[size_t(e)];
    if (t.primitive != "split" || t.stage.name != stage->name()) continue;
    if (std::find(t.outputs.begin(), t.outputs.end(), var) != t.outputs.end()) made = e;
    if (!t.iter_vars.empty() && t.iter_vars[0].name == var) split = e;
  }
  const int e = made >= 0 ? made : split;
  if (e < 0)
    return Error(var + " of " + stage->name() +
                 " is not made or split by a split: there is no factor to tune");
  const TraceEntry& t = entries[size_t(e)];
  TunableKnob k;
  k.kind = TunableKnob::Kind::SplitFactor;
  k.stage = stage->name();
  k.var = var;
  k.parent = t.iter_vars.empty() ? var : t.iter_vars[0].name;
  k.entry = e;
  k.key = t.ints.count("factor") ? "factor" : "nparts";
  auto amount = t.ints.find(k.key);
  if (amount == t.ints.end())
    return Error("the split of " + k.parent + " has neither factor nor nparts");
  k.current = std::to_string(amount->second);
  k.values = FactorValues(amount->second, ExtentOf(stage, k.parent));
  return k;
}

Result<TunableKnob> AnnotationKnob(const schedule::Schedule& sch, const schedule::Stage& stage,
                                   const std::string& var) {
  const auto& leaves = stage->leaf_iter_vars;
  if (std::none_of(leaves.begin(), leaves.end(),
                   [&](const ir::IterVar& iv) { return iv->var.name() == var; }))
    return Error(var + " is not a loop of " + stage->name() + " (only leaf iter vars are loops)");
  TunableKnob k;
  k.kind = TunableKnob::Kind::Annotation;
  k.stage = stage->name();
  k.var = var;
  k.current = "none";
  const auto& entries = sch.trace.entries;
  for (int e = 0; e < int(entries.size()); ++e) {
    const TraceEntry& t = entries[size_t(e)];
    if (IsAnnotation(t.primitive) && t.stage.name == k.stage && !t.iter_vars.empty() &&
        t.iter_vars[0].name == var) {
      k.entry = e;
      k.current = t.primitive;
    }
  }
  k.values = k.current == "parallel" ? std::vector<std::string>{"none", "parallel"}
                                     : std::vector<std::string>{"none", "unroll", "vectorize"};
  return k;
}

Result<TunableKnob> OrderKnob(const schedule::Schedule& sch, const schedule::Stage& stage) {
  TunableKnob k;
  k.kind = TunableKnob::Kind::LoopOrder;
  k.stage = stage->name();
  std::vector<std::string> order;
  const auto& entries = sch.trace.entries;
  for (int e = 0; e < int(entries.size()); ++e) {
    const TraceEntry& t = entries[size_t(e)];
    if (t.primitive != "reorder" || t.stage.name != k.stage) continue;
    k.entry = e;
    order.clear();
    for (const auto& ref : t.iter_vars) order.push_back(ref.name);
  }
  if (k.entry < 0)
    for (const ir::IterVar& iv : stage->leaf_iter_vars) order.push_back(iv->var.name());
  if (order.size() < 2)
    return Error(k.stage + " has fewer than two loops: there is no order to tune");
  k.values = OrderValues(order);
  k.current = k.values.front();
  return k;
}

TraceEntry NewEntry(const std::string& primitive, const std::string& stage,
                    const std::vector<std::string>& vars) {
  TraceEntry t;
  t.primitive = primitive;
  t.stage.name = stage;
  for (const std::string& v : vars) {
    schedule::IterVarRef ref;
    ref.name = v;
    ref.stage = stage;
    t.iter_vars.push_back(ref);
  }
  return t;
}

// Entry `e` of `trace` set to `value` of `knob` (removals and additions go to the lists).
Status SetKnob(const TunableKnob& knob, const std::string& value, schedule::Trace& trace,
               std::set<int>& removed, std::vector<TraceEntry>& added) {
  if (knob.entry >= int(trace.entries.size()))
    return Error("the knob " + knob.Describe() + " no longer matches the trace");
  TraceEntry* entry = knob.entry >= 0 ? &trace.entries[size_t(knob.entry)] : nullptr;
  switch (knob.kind) {
    case TunableKnob::Kind::SplitFactor:
      if (!entry || entry->primitive != "split")
        return Error("the knob " + knob.Describe() + " no longer matches the trace");
      entry->ints[knob.key] = std::stoll(value);
      return Status::Ok();
    case TunableKnob::Kind::Annotation:
      if (!entry) {
        if (value != "none") added.push_back(NewEntry(value, knob.stage, {knob.var}));
      } else if (value == "none") {
        removed.insert(knob.entry);
      } else {
        entry->primitive = value;
      }
      return Status::Ok();
    case TunableKnob::Kind::LoopOrder: {
      std::vector<std::string> order = SplitText(value, ',');
      if (!entry) {
        if (value != knob.current) added.push_back(NewEntry("reorder", knob.stage, order));
        return Status::Ok();
      }
      *entry = NewEntry("reorder", knob.stage, order);
      return Status::Ok();
    }
  }
  return Status::Ok();
}

}  // namespace

const char* KnobKindName(TunableKnob::Kind kind) {
  switch (kind) {
    case TunableKnob::Kind::SplitFactor:
      return "split";
    case TunableKnob::Kind::Annotation:
      return "annotation";
    case TunableKnob::Kind::LoopOrder:
      return "order";
  }
  return "?";
}

std::string TunableKnob::Describe() const {
  std::string what;
  switch (kind) {
    case Kind::SplitFactor:
      what = "split " + parent + " " + key;
      break;
    case Kind::Annotation:
      what = "annotation of " + var;
      break;
    case Kind::LoopOrder:
      what = "loop order";
      break;
  }
  std::string shown = kind == Kind::LoopOrder ? std::to_string(values.size()) + " orders"
                                              : "{" + Join(values, ", ") + "}";
  return stage + ": " + what + " \u2208 " + shown + " (now " + current + ")";
}

bool TunableKnob::SameChoice(const TunableKnob& other) const {
  if (kind != other.kind || stage != other.stage) return false;
  if (kind == Kind::LoopOrder) return true;  // one order per stage
  return entry >= 0 || other.entry >= 0 ? entry == other.entry : var == other.var;
}

Result<TunableKnob> OfferKnob(const schedule::Schedule& sch, const std::string& stage,
                              const std::string& var, TunableKnob::Kind kind) {
  schedule::Stage s = sch.find(stage);
  if (!s) return Error("there is no stage " + stage);
  switch (kind) {
    case TunableKnob::Kind::SplitFactor:
      return SplitKnob(sch, s, var);
    case TunableKnob::Kind::Annotation:
      return AnnotationKnob(sch, s, var);
    case TunableKnob::Kind::LoopOrder:
      return OrderKnob(sch, s);
  }
  return Error("unknown knob kind");
}

Result<schedule::Schedule> ApplyKnobs(const script::ScriptProgram& program,
                                      const std::vector<TunableKnob>& knobs,
                                      const std::vector<size_t>& choice) {
  if (!program.schedule) return Error("the script creates no schedule");
  if (choice.size() != knobs.size()) return Error("one value per knob is needed");
  schedule::Trace trace = program.schedule->trace;
  std::set<int> removed;
  std::vector<TraceEntry> added;
  for (size_t i = 0; i < knobs.size(); ++i) {
    if (choice[i] >= knobs[i].values.size()) return Error("a knob's value is out of its range");
    if (Status st = SetKnob(knobs[i], knobs[i].values[choice[i]], trace, removed, added); !st)
      return st.error();
  }
  for (auto it = removed.rbegin(); it != removed.rend(); ++it)
    trace.entries.erase(trace.entries.begin() + *it);
  auto sch = schedule::Replay(trace, program.schedule->outputs);
  if (!sch) return sch.error();
  for (const TraceEntry& t : added)
    if (Status st = schedule::ApplyPrimitive(*sch, t); !st) return st.error();
  return sch;
}

int64_t KnobSpaceSize(const std::vector<TunableKnob>& knobs) {
  int64_t size = 1;
  for (const TunableKnob& k : knobs)
    size = std::min<int64_t>(kMaxSpace, size * int64_t(std::max<size_t>(1, k.values.size())));
  return size;
}

std::vector<std::string> KnobCandidates(const script::ScriptProgram& program,
                                        const std::vector<TunableKnob>& knobs, int limit,
                                        uint64_t seed, int* invalid) {
  std::vector<std::string> out;
  if (knobs.empty() || limit <= 0) return out;
  const int64_t size = KnobSpaceSize(knobs);
  std::vector<std::vector<size_t>> points;
  if (size <= limit) {
    for (int64_t p = 0; p < size; ++p) {  // the grid, mixed radix
      std::vector<size_t> choice;
      int64_t rest = p;
      for (const TunableKnob& k : knobs) {
        choice.push_back(size_t(rest % int64_t(k.values.size())));
        rest /= int64_t(k.values.size());
      }
      points.push_back(std::move(choice));
    }
  } else {
    std::mt19937_64 rng(seed);
    std::set<std::vector<size_t>> seen;
    for (int attempt = 0; int(points.size()) < limit && attempt < 20 * limit; ++attempt) {
      std::vector<size_t> choice;
      for (const TunableKnob& k : knobs) choice.push_back(size_t(rng() % k.values.size()));
      if (seen.insert(choice).second) points.push_back(std::move(choice));
    }
  }
  const std::vector<te::Tensor> args = program.Arguments();
  std::set<std::string> scripts;
  for (const auto& choice : points) {
    auto sch = ApplyKnobs(program, knobs, choice);
    bool ok =
        sch.ok() && transform::LowerSchedule(*sch, args, codegen::LoweringContext("llvm")).ok();
    if (!ok) {
      if (invalid) ++*invalid;
      continue;
    }
    std::string script = ReadableCandidateScript(program, *sch);
    if (scripts.insert(script).second) out.push_back(std::move(script));
  }
  return out;
}

}  // namespace tessera::tune
