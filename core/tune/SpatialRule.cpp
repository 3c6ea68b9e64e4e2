#include "tune/SpatialRule.h"

#include <algorithm>

#include "schedule/Primitives.h"
#include "tune/KnobNames.h"

namespace tessera::tune {

namespace {

class SpatialRuleImpl final : public ScheduleRule {
 public:
  const char* name() const override { return "spatial"; }

  bool Applies(const StageInfo& s, const StageRule&) const override {
    return !s.several_outputs && s.is_output && !s.op->is_reduction();
  }

  void AddKnobs(const StageInfo& s, StageRule* rule, KnobTable* knobs) const override {
    rule->kind = StageRule::Kind::Spatial;
    const int lanes = s.target.vector_lanes;
    for (size_t a = 0; a < s.extents.size(); ++a) {
      const bool innermost = a + 1 == s.extents.size();
      // The innermost axis: parallel part, serial part, vector (at most 4 vectors).
      Knob k = MakeSplitKnob(TileKnobName(rule->stage, rule->spatial_axes[a]), s.extents[a],
                             innermost ? 3 : 2);
      k.innermost_multiple = innermost && s.extents[a] % lanes == 0 ? lanes : 1;
      k.innermost_max = innermost ? 4 * lanes : 0;
      knobs->Add(k);
    }
  }

  Status AddSeeds(const SpaceContext& space, const StageRule& rule, const Decisions& base,
                  std::vector<Decisions>* out) const override {
    const size_t n = rule.spatial_axes.size();
    if (n == 0) return Status::Ok();
    const std::string inner = TileKnobName(rule.stage, rule.spatial_axes.back());
    auto found = space.knobs.Find(inner);
    if (!found) return found.error();
    const Knob& k = **found;
    for (int64_t vectors : {2, 4}) {
      Decisions d = base;
      int64_t v = k.innermost_multiple > 1
                      ? LargestDivisorAtMost(k.extent / k.innermost_multiple, vectors) *
                            k.innermost_multiple
                      : LargestDivisorAtMost(k.extent, vectors * space.target.vector_lanes);
      // A 1-D output is its own parallel loop: some dozens of chunks.
      int64_t outer = n == 1 ? LargestDivisorAtMost(k.extent / v, 16 * space.target.cores) : 1;
      d.values[inner] = {outer, k.extent / v / outer, v};
      out->push_back(d);
      // The reductions attached inside (the base's first choice) with partials of one
      // vector instead of two: fewer registers and a shorter combine, fewer chains.
      bool any = false;
      for (const StageRule& r : space.rules)
        if (auto it = d.values.find(RfactorKnobName(r.stage)); it != d.values.end()) {
          auto rk = space.knobs.Find(it->first);
          if (!rk) return rk.error();
          if ((*rk)->choices.size() > 2) it->second = {(*rk)->choices[1]};
          any = true;
        }
      if (any) out->push_back(d);
    }
    return Status::Ok();
  }

  bool Fits(const SpaceContext& space, const StageRule& rule, const Decisions& d) const override {
    // The fused outer loops are the parallel loop: at least one iteration per core
    // (when the stage has that many outer iterations at all).
    int64_t outer = 1, total = 1;
    for (const std::string& axis : rule.spatial_axes) {
      auto f = KnobFactors(d, TileKnobName(rule.stage, axis));
      if (!f) return false;
      outer *= f->front();
      for (int64_t factor : *f) total *= factor;
    }
    return outer >= std::min<int64_t>(space.target.cores, total);
  }

  Status Apply(schedule::Schedule& sch, const SpaceContext&, const StageRule& rule,
               const Decisions& d) const override {
    schedule::Stage stage = sch.find(rule.stage);
    std::vector<ir::IterVar> outer, inner;
    for (const std::string& axis : rule.spatial_axes) {
      auto iv = RuleAxis(stage, axis);
      if (!iv) return iv.error();
      auto f = KnobFactors(d, TileKnobName(rule.stage, axis));
      if (!f) return f.error();
      auto levels = SplitLevels(sch, stage, *iv, *f);
      if (!levels) return levels.error();
      outer.push_back((*levels)[0]);
      inner.insert(inner.end(), levels->begin() + 1, levels->end());  // innermost: serial, vector
    }
    std::vector<ir::IterVar> order = outer;
    order.insert(order.end(), inner.begin(), inner.end());
    if (Status st = schedule::Reorder(sch, stage, order); !st) return st;
    auto fused = FuseAll(sch, stage, outer);
    if (!fused) return fused.error();
    if (Status st = schedule::Parallel(sch, stage, *fused); !st) return st;
    // Multiply-adds become FMAs, in exp's polynomial too and in the reductions attached
    // inside this loop (softmax_fast.py's pragma; within the oracle's tolerance).
    if (Status st = schedule::Pragma(sch, stage, *fused, "fp_contract"); !st) return st;
    auto vector = KnobFactors(d, TileKnobName(rule.stage, rule.spatial_axes.back()));
    if (!vector) return vector.error();
    if (vector->back() > 1) return schedule::Vectorize(sch, stage, inner.back());
    return Status::Ok();
  }
};

}  // namespace

const ScheduleRule& SpatialRule() {
  static const SpatialRuleImpl rule{};
  return rule;
}

}  // namespace tessera::tune
