#include "tune/InlineRule.h"

#include "schedule/Primitives.h"
#include "tune/KnobNames.h"

namespace tessera::tune {

namespace {

// A stage left at the root: its two outermost axes fused and run on every core.
Status ParallelAtRoot(schedule::Schedule& sch, const schedule::Stage& stage) {
  std::vector<ir::IterVar> outer;
  for (const ir::IterVar& iv : stage->leaf_iter_vars)
    if (iv->iter_type == ir::IterVarType::DataPar && outer.size() < 2) outer.push_back(iv);
  if (outer.empty()) return Status::Ok();
  auto fused = FuseAll(sch, stage, outer);
  if (!fused) return fused.error();
  return schedule::Parallel(sch, stage, *fused);
}

class InlineRuleImpl final : public ScheduleRule {
 public:
  const char* name() const override { return "inline"; }

  bool Applies(const StageInfo& s, const StageRule&) const override {
    return !s.several_outputs && !s.is_output && !s.op->is_reduction();
  }

  void AddKnobs(const StageInfo& s, StageRule* rule, KnobTable* knobs) const override {
    rule->kind = StageRule::Kind::Inline;
    knobs->Add(MakeChoiceKnob(InlineKnobName(rule->stage),
                              s.relay ? std::vector<int64_t>{1} : std::vector<int64_t>{1, 0}));
  }

  Status Apply(schedule::Schedule& sch, const SpaceContext& space, const StageRule& rule,
               const Decisions& d) const override {
    schedule::Stage stage = sch.find(rule.stage);
    auto inlined = KnobChoice(d, InlineKnobName(rule.stage));
    if (!inlined) return inlined.error();
    if (*inlined == 1) return schedule::ComputeInline(sch, stage);
    // The operand a ChannelTile broadcasts from is stored in the order its reads need.
    // Computed at that tile's chunk loop, it stays serial (ApplyChannelTile attaches it).
    for (const StageRule& tile : space.rules)
      if (tile.kind == StageRule::Kind::Tile && tile.channel.broadcast == rule.stage &&
          ChannelTileOn(d, tile)) {
        if (Status st = LayOutBroadcastProducer(sch, stage, tile.channel, space.target); !st)
          return st;
        if (ChannelProducerAtChunk(sch, d, tile)) return Status::Ok();
      }
    // Read in phases by a tile, it is laid out and attached there (PhasedProducer.h).
    for (const StageRule& tile : space.rules)
      if (tile.kind == StageRule::Kind::Tile && tile.phased.producer == rule.stage &&
          PhasesOn(sch, d, tile))
        return Status::Ok();
    return ParallelAtRoot(sch, stage);
  }
};

}  // namespace

const ScheduleRule& InlineRule() {
  static const InlineRuleImpl rule{};
  return rule;
}

}  // namespace tessera::tune
