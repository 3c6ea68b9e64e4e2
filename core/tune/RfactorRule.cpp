#include "tune/RfactorRule.h"

#include "schedule/Primitives.h"
#include "tune/KnobNames.h"

namespace tessera::tune {

namespace {

// The partials' counts offered for a last reduce axis of `last` (0: none), then 0.
std::vector<int64_t> PartialChoices(int64_t last, int64_t lanes) {
  std::vector<int64_t> partials;
  for (int64_t p : {2 * lanes, lanes})
    if (last >= 2 * p && last % p == 0) partials.push_back(p);
  if (!partials.empty()) partials.push_back(0);
  return partials;
}

int64_t LastReduceExtent(const StageInfo& s) {
  return s.reduce_extents.empty() ? 0 : s.reduce_extents.back();
}

class RfactorRuleImpl final : public ScheduleRule {
 public:
  const char* name() const override { return "rfactor"; }

  bool Applies(const StageInfo& s, const StageRule&) const override {
    return !s.several_outputs && !s.is_output && s.op->is_reduction() && !s.epilogue &&
           !PartialChoices(LastReduceExtent(s), s.target.vector_lanes).empty();
  }

  void AddKnobs(const StageInfo& s, StageRule* rule, KnobTable* knobs) const override {
    knobs->Add(MakeChoiceKnob(RfactorKnobName(rule->stage),
                              PartialChoices(LastReduceExtent(s), s.target.vector_lanes)));
  }

  Status Apply(schedule::Schedule& sch, const SpaceContext&, const StageRule& rule,
               const Decisions& d) const override {
    auto it = d.values.find(RfactorKnobName(rule.stage));
    if (it == d.values.end() || it->second[0] == 0 || rule.reduce_axes.empty()) return Status::Ok();
    schedule::Stage stage = sch.find(rule.stage);
    auto k = RuleAxis(stage, rule.reduce_axes.back());
    if (!k) return k.error();
    auto parts = schedule::Split(sch, stage, *k, it->second[0]);
    if (!parts) return parts.error();
    auto rf = schedule::RFactor(sch, stage, parts->second, 0);
    if (!rf) return rf.error();
    stage = sch.find(rule.stage);
    // The partials' stage: its other axes, then the remaining reduction, then the lane
    // axis (leaf 0) innermost and vectorized; computed where the combining stage needs it.
    const std::vector<ir::IterVar>& leaves = (*rf)->leaf_iter_vars;
    if (leaves.empty()) return Error("tune: rfactor of " + rule.stage + " left no loop");
    std::vector<ir::IterVar> order(leaves.begin() + 1, leaves.end());
    order.push_back(leaves.front());
    if (Status st = schedule::Reorder(sch, *rf, order); !st) return st;
    if (Status st = schedule::Vectorize(sch, *rf, order.back()); !st) return st;
    for (const ir::IterVar& iv : stage->leaf_iter_vars)
      if (iv->iter_type == ir::IterVarType::DataPar)
        return schedule::ComputeAt(sch, *rf, stage, iv);
    return Status::Ok();
  }
};

}  // namespace

const ScheduleRule& RfactorRule() {
  static const RfactorRuleImpl rule{};
  return rule;
}

}  // namespace tessera::tune
