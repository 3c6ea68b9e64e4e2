// auto-inline (MetaSchedule's schedule_rule/auto_inline.cc, its compute_inline half): an
// element-wise block whose buffer is not a parameter (a padding block, the exp of a
// softmax) is inlined into its consumers, so no intermediate buffer is written and read
// back. compute_inline's own checks decide; a block it refuses stays as it is.
#include "tune/tir/TirScheduleRule.h"

namespace tessera::tune {

namespace {

class AutoInline : public TirScheduleRule {
 public:
  const char* name() const override { return "auto-inline"; }

  std::vector<tir::Schedule> Apply(const tir::Schedule& sch,
                                   const std::string& block) const override {
    const tir::BlockRealizeNode* realize = FindTirBlock(sch, block);
    if (!realize || !IsSpatialBlock(*realize->block) || WritesParam(sch.func(), *realize->block) ||
        realize->block->writes.size() != 1)
      return {sch};
    tir::Schedule inlined = sch;
    auto b = inlined.GetBlock(block, sch.func_name());
    if (!b.ok() || !inlined.ComputeInline(*b).ok()) return {sch};
    return {inlined};
  }
};

}  // namespace

const TirScheduleRule& TirAutoInline() {
  static const AutoInline rule;
  return rule;
}

}  // namespace tessera::tune
