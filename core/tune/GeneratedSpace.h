// GeneratedSpace: the design space generated from the workload alone (a te program
// without a schedule), in the spirit of Ansor's sketches and MetaSchedule's
// post_order_apply.cc: every compute stage is offered to the schedule rules
// (ScheduleRule.h), each rule that takes it adds its knobs and seeds and, for a point of
// the space, schedules it.
//
// Seeds(): the rules' starting points (TileRule.h, ChannelTile.h, SpatialRule.h) in
// program order, those the space admits, without repeats.
// Apply(): the inline rules first (the tiled stages then read through them), the outputs
// next (their loops are where attached reductions go), then the other stages consumers
// first, each stage's rules in their order.
#pragma once

#include <string>
#include <vector>

#include "te/Operation.h"
#include "tune/SpaceGenerator.h"

namespace tessera::tune {

class GeneratedSpace final : public SpaceGenerator {
 public:
  // The space of the program computing `outputs`, for `target`. Errors: no compute stage,
  // a symbolic (non-constant) extent.
  static Result<GeneratedSpace> Generate(const std::vector<te::Operation>& outputs,
                                         const TargetInfo& target);

  const std::vector<StageRule>& rules() const override { return rules_; }
  Decisions Sample(std::mt19937_64& rng) const override;
  std::vector<Decisions> Seeds() const override;
  bool Satisfies(const Decisions& d) const override;
  Result<schedule::Schedule> Apply(const Decisions& d) const override;
  Result<ValidCandidate> Validate(const Decisions& d,
                                  const std::vector<te::Tensor>& args) const override;

 protected:
  void Repair(Decisions* d) const override;

 private:
  std::vector<te::Operation> outputs_;
  std::vector<StageRule> rules_;
  std::vector<std::vector<const ScheduleRule*>> stage_rules_;  // rules_[i]'s rules, in order

  SpaceContext Context() const { return SpaceContext{rules_, knobs_, target_}; }
  // Whether every rule of every stage admits `d` (register tiles, parallelism, attach points).
  bool RulesFit(const Decisions& d) const;
  Status ApplyStage(schedule::Schedule& sch, size_t i, const Decisions& d) const;
  // The point with every knob at its first choice and every split whole at its outer level.
  Decisions BaseDecisions() const;
};

}  // namespace tessera::tune
