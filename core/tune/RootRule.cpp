#include "tune/RootRule.h"

#include "schedule/Primitives.h"

namespace tessera::tune {

namespace {

class RootRuleImpl final : public ScheduleRule {
 public:
  const char* name() const override { return "root"; }

  bool Applies(const StageInfo& s, const StageRule&) const override {
    return s.several_outputs || (!s.is_output && s.op->is_reduction() && !s.epilogue);
  }

  void AddKnobs(const StageInfo&, StageRule* rule, KnobTable*) const override {
    rule->kind = StageRule::Kind::Root;
  }

  Status Apply(schedule::Schedule& sch, const SpaceContext&, const StageRule& rule,
               const Decisions&) const override {
    // The first data-parallel loop (the op's first axis; rfactor keeps it first).
    schedule::Stage stage = sch.find(rule.stage);
    for (const ir::IterVar& iv : stage->leaf_iter_vars)
      if (iv->iter_type == ir::IterVarType::DataPar) return schedule::Parallel(sch, stage, iv);
    return Status::Ok();
  }
};

}  // namespace

const ScheduleRule& RootRule() {
  static const RootRuleImpl rule{};
  return rule;
}

}  // namespace tessera::tune
