// parallel-vectorize-unroll (MetaSchedule's schedule_rule/parallel_vectorize_unroll.cc
// together with its RewriteParallelVectorizeUnroll postprocessor, applied directly): on
// the root block, once the other rules have shaped every nest, each loop nest's outer
// loop becomes parallel and carries an unroll limit drawn by sample_categorical
// (pragma_auto_unroll_max_step: 0, 16, 64 or 512 steps), and each block's innermost loop
// is vectorized. parallel and vectorize check that the loop binds only spatial iterators;
// a loop they refuse keeps its kind.
#include <set>

#include "tune/tir/TirScheduleRule.h"

namespace tessera::tune {

namespace {

const std::vector<int64_t> kUnrollSteps = {0, 16, 64, 512};
constexpr const char* kUnrollKey = "pragma_auto_unroll_max_step";

// `apply` run on a copy of `sch`, which replaces `sch` when its primitives accept it.
template <typename Apply>
void TryOn(tir::Schedule& sch, Apply apply) {
  tir::Schedule attempt = sch;
  if (apply(attempt).ok()) sch = std::move(attempt);
}

class ParallelVectorizeUnroll : public TirScheduleRule {
 public:
  const char* name() const override { return "parallel-vectorize-unroll"; }

  std::vector<tir::Schedule> Apply(const tir::Schedule& sch,
                                   const std::string& block) const override {
    if (block != "root") return {sch};
    tir::Schedule out = sch;
    std::set<const void*> outer_done;
    for (const std::string& name : TirLeafBlocks(sch.func())) {
      if (!FindTirBlock(out, name)) continue;
      auto b = out.GetBlock(name, out.func_name());
      if (!b.ok()) continue;
      auto loops = out.GetLoops(*b);
      if (!loops.ok() || loops->empty()) continue;
      tir::LoopRV outer = loops->front(), inner = loops->back();
      auto outer_node = out.Get(outer);
      if (!outer_node.ok()) continue;
      const void* outer_id = (*outer_node)->loop_var.get();
      bool single_loop = loops->size() == 1;
      if (outer_done.insert(outer_id).second) {
        if ((*outer_node)->for_kind == ir::ForKind::Serial)
          TryOn(out, [&](tir::Schedule& s) { return s.Parallel(outer); });
        TryOn(out, [&](tir::Schedule& s) -> Status {
          auto steps = s.SampleCategorical(kUnrollSteps, std::vector<double>(4, 0.25));
          if (!steps.ok()) return steps.error();
          return s.Annotate(outer, kUnrollKey, *steps);
        });
      }
      if (single_loop) continue;
      auto inner_node = out.Get(inner);
      if (inner_node.ok() && (*inner_node)->for_kind == ir::ForKind::Serial)
        TryOn(out, [&](tir::Schedule& s) { return s.Vectorize(inner); });
    }
    return {out};
  }
};

}  // namespace

const TirScheduleRule& TirParallelVectorizeUnroll() {
  static const ParallelVectorizeUnroll rule;
  return rule;
}

}  // namespace tessera::tune
