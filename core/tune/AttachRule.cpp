#include "tune/AttachRule.h"

#include <algorithm>
#include <map>
#include <optional>

#include "ir/Functor.h"
#include "schedule/Primitives.h"
#include "te/Operation.h"
#include "te/Tensor.h"
#include "tune/KnobNames.h"
#include "tune/RootRule.h"

namespace tessera::tune {

namespace {

// Whether `op` reads `producer` anywhere (directly).
bool Reads(const te::ComputeOpNode& op, const std::string& producer) {
  for (const te::Tensor& t : op.InputTensors())
    if (t.op()->name == producer) return true;
  return false;
}

}  // namespace

bool ReadsAtLeadingAxes(const te::ComputeOpNode& op, const std::string& producer, bool every_axis) {
  bool reads = false, aligned = true;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    if (t.op()->name != producer) return;
    reads = true;
    if (indices.size() > op.axis.size() || (every_axis && indices.size() != op.axis.size())) {
      aligned = false;
      return;
    }
    for (size_t d = 0; d < indices.size(); ++d)
      if (!indices[d].same_as(op.axis[d]->var)) aligned = false;
  });
  return reads && aligned;
}

std::vector<std::string> AttachConsumers(const te::Operation& producer,
                                         const std::vector<te::Operation>& candidates,
                                         const std::set<std::string>& inlined,
                                         const std::string& output) {
  const std::string& name = producer->name;
  // The inlinable stages that read the producer at their leading axes: a consumer
  // reading one of them at its own leading axes reads the producer's rows too.
  // (Found among everything the candidates read, transitively; value: whether aligned.)
  std::map<std::string, bool> through;
  std::vector<const te::ComputeOpNode*> all;  // every compute op the candidates reach
  std::vector<te::Operation> pending(candidates.begin(), candidates.end());
  std::set<std::string> seen;
  while (!pending.empty()) {
    te::Operation op = pending.back();
    pending.pop_back();
    auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!compute || !seen.insert(op->name).second) continue;
    all.push_back(compute);
    if (inlined.count(op->name) && Reads(*compute, name))
      through[op->name] = ReadsAtLeadingAxes(*compute, name);
    for (const te::Tensor& t : compute->InputTensors()) pending.push_back(t.op());
  }
  auto reads_rows = [&](const te::ComputeOpNode& consumer, bool* aligned) {
    bool reads = false;
    *aligned = true;
    if (Reads(consumer, name)) {
      reads = true;
      *aligned = ReadsAtLeadingAxes(consumer, name);
    }
    for (const auto& [relay, relay_aligned] : through)
      if (Reads(consumer, relay)) {
        reads = true;
        *aligned = *aligned && relay_aligned && ReadsAtLeadingAxes(consumer, relay);
      }
    return reads;
  };
  // Every stage that is not a relay and reads the producer (directly or through one).
  std::set<std::string> readers;
  for (const te::ComputeOpNode* op : all) {
    bool aligned = true;
    if (!through.count(op->name) && op->name != name && reads_rows(*op, &aligned))
      readers.insert(op->name);
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < candidates.size(); ++i) {
    const te::Operation& c = candidates[i];
    auto* consumer = dynamic_cast<const te::ComputeOpNode*>(c.get());
    if (!consumer || c->name == name) continue;
    bool aligned = true;
    if (!reads_rows(*consumer, &aligned) || !aligned) continue;
    // Inside a consumer that is not the program's output, the producer must have no other
    // reader (the others would run outside the attach loop: refused by the schedule).
    if (c->name != output && readers.size() > 1) continue;
    out.push_back(c->name);
  }
  return out;
}

std::vector<std::string> ReadersOf(const te::Operation& producer,
                                   const std::vector<te::Operation>& stages,
                                   const std::set<std::string>& inlined) {
  std::set<std::string> sources = {
      producer->name};  // the producer and the inlined stages reading it
  for (bool grew = true; grew;) {
    grew = false;
    for (const te::Operation& op : stages) {
      auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
      if (!compute || !inlined.count(op->name) || sources.count(op->name)) continue;
      for (const std::string& src : std::set<std::string>(sources))
        if (Reads(*compute, src)) grew = sources.insert(op->name).second || grew;
    }
  }
  std::vector<std::string> out;
  for (const te::Operation& op : stages) {
    auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!compute || sources.count(op->name)) continue;
    for (const std::string& src : sources)
      if (Reads(*compute, src)) {
        out.push_back(op->name);
        break;
      }
  }
  return out;
}

Result<ir::IterVar> AttachLoop(const schedule::Stage& consumer) {
  for (const ir::IterVar& iv : consumer->leaf_iter_vars)
    if (iv->iter_type == ir::IterVarType::DataPar) return iv;
  return Error("tune: stage " + consumer->name() +
               " has no data-parallel loop to attach a reduction at");
}

namespace {

// The attach choice `d` makes for `rule`'s stage (0: the root); nullopt when `d` has none.
std::optional<int64_t> AttachChoice(const Decisions& d, const StageRule& rule) {
  auto at = KnobChoice(d, AttachKnobName(rule.stage));
  if (!at) return std::nullopt;
  return *at;
}

// Whether every other reduction reading `rule`'s stage is attached too (at the root, it
// would read the attached stage outside the loop that computes it). `at` >= 1.
bool ReadersAttached(const StageRule& rule, int64_t at, const Decisions& d) {
  const std::string& consumer = rule.attach_to[at - 1];
  for (const std::string& reader : rule.attach_readers) {
    if (reader == consumer) continue;
    auto it = d.values.find(AttachKnobName(reader));
    if (it == d.values.end() || it->second[0] == 0) return false;
  }
  return true;
}

class AttachRuleImpl final : public ScheduleRule {
 public:
  const char* name() const override { return "attach"; }
  bool after_stages() const override { return true; }

  bool Applies(const StageInfo& s, const StageRule& rule) const override {
    return rule.kind == StageRule::Kind::Root &&
           !AttachConsumers(s.stage->op, s.consumers, s.inlined, s.spatial_output).empty();
  }

  void AddKnobs(const StageInfo& s, StageRule* rule, KnobTable* knobs) const override {
    rule->attach_to = AttachConsumers(s.stage->op, s.consumers, s.inlined, s.spatial_output);
    rule->kind = StageRule::Kind::Attach;
    rule->attach_rows = rule->spatial_axes.size();
    rule->attach_readers = ReadersOf(s.stage->op, s.reductions, s.inlined);
    // In the root rule's place (generation has added this rule's name after the others).
    auto& names = rule->rule_names;
    names.erase(std::remove(names.begin(), names.end(), std::string(RootRule().name())),
                names.end());
    std::vector<int64_t> choices;
    for (size_t c = 1; c <= rule->attach_to.size(); ++c) choices.push_back(static_cast<int64_t>(c));
    choices.push_back(0);
    knobs->Add(MakeChoiceKnob(AttachKnobName(rule->stage), choices));
  }

  // The attach point of a reduction at the output is the output's fused outer loop: an
  // outer factor above 1 on an axis the reduction does not use would compute every row's
  // reduction again for each block of that axis.
  bool Fits(const SpaceContext& space, const StageRule& rule, const Decisions& d) const override {
    const std::optional<int64_t> at = AttachChoice(d, rule);
    if (!at) return false;
    if (*at == 0) return true;
    if (!ReadersAttached(rule, *at, d)) return false;
    const StageRule* consumer = nullptr;
    for (const StageRule& r : space.rules)
      if (r.stage == rule.attach_to[*at - 1] && r.kind == StageRule::Kind::Spatial) consumer = &r;
    if (!consumer) return true;
    for (size_t a = rule.attach_rows; a < consumer->spatial_axes.size(); ++a) {
      auto f = KnobFactors(d, TileKnobName(consumer->stage, consumer->spatial_axes[a]));
      if (!f || f->front() != 1) return false;
    }
    return true;
  }

  Status Apply(schedule::Schedule& sch, const SpaceContext& space, const StageRule& rule,
               const Decisions& d) const override {
    auto at = KnobChoice(d, AttachKnobName(rule.stage));
    if (!at) return at.error();
    if (*at == 0) return RootRule().Apply(sch, space, rule, d);
    schedule::Stage stage = sch.find(rule.stage);
    schedule::Stage consumer = sch.find(rule.attach_to[*at - 1]);
    if (!consumer)
      return Error("tune: no stage " + rule.attach_to[*at - 1] + " to attach " + rule.stage +
                   " at");
    auto loop = AttachLoop(consumer);
    if (!loop) return loop.error();
    return schedule::ComputeAt(sch, stage, consumer, *loop);
  }
};

}  // namespace

const ScheduleRule& AttachRule() {
  static const AttachRuleImpl rule{};
  return rule;
}

void RepairAttach(const std::vector<StageRule>& rules, Decisions* d) {
  // Readers first (reverse program order): a reduction whose reader stays at the root
  // goes to the root as well.
  for (auto rule = rules.rbegin(); rule != rules.rend(); ++rule) {
    if (rule->kind != StageRule::Kind::Attach) continue;
    auto it = d->values.find(AttachKnobName(rule->stage));
    if (it != d->values.end() && it->second[0] != 0 && !ReadersAttached(*rule, it->second[0], *d))
      it->second = {0};
  }
  for (const StageRule& rule : rules) {
    if (rule.kind != StageRule::Kind::Attach) continue;
    const std::optional<int64_t> at = AttachChoice(*d, rule);
    if (!at || *at == 0) continue;
    for (const StageRule& r : rules) {
      if (r.stage != rule.attach_to[*at - 1] || r.kind != StageRule::Kind::Spatial) continue;
      for (size_t a = rule.attach_rows; a < r.spatial_axes.size(); ++a) {
        auto it = d->values.find(TileKnobName(r.stage, r.spatial_axes[a]));
        if (it == d->values.end()) continue;
        std::vector<int64_t>& f = it->second;
        f[1] *= f[0];
        f[0] = 1;
      }
    }
  }
}

}  // namespace tessera::tune
