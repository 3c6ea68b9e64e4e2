// rewrite-reduction-block (MetaSchedule's postproc/rewrite_reduction_block.cc, run as the
// last rule on the root): every block that still has an init is decomposed at its
// outermost loop that carries a reduction iterator, so the init runs once per output
// element before the reduction loops instead of as a "first iteration" test inside them.
// It runs after parallel-vectorize-unroll, as the postprocessors run in MetaSchedule:
// parallel and vectorize check a complete or reduction block (one with its init).
#include "ir/Functor.h"
#include "tune/tir/TirScheduleRule.h"

namespace tessera::tune {

namespace {

// The index among `realize`'s loops of the outermost one a reduction iterator's binding
// uses; -1 when none does.
int DecomposePoint(const std::vector<const tir::ForNode*>& loops,
                   const tir::BlockRealizeNode& realize) {
  for (size_t l = 0; l < loops.size(); ++l)
    for (size_t k = 0; k < realize.block->iter_vars.size(); ++k)
      if (realize.block->iter_vars[k]->iter_type == ir::IterVarType::CommReduce &&
          ir::UsesVar(realize.iter_values[k], loops[l]->loop_var))
        return static_cast<int>(l);
  return -1;
}

class RewriteReductionBlock : public TirScheduleRule {
 public:
  const char* name() const override { return "rewrite-reduction-block"; }

  std::vector<tir::Schedule> Apply(const tir::Schedule& sch,
                                   const std::string& block) const override {
    if (block != "root") return {sch};
    tir::Schedule out = sch;
    for (const std::string& name : TirLeafBlocks(sch.func())) {
      const tir::BlockRealizeNode* realize = FindTirBlock(out, name);
      if (!realize || !tir::HasInit(*realize->block)) continue;
      int point = DecomposePoint(out.state().LoopsAbove(realize), *realize);
      if (point < 0) continue;
      tir::Schedule attempt = out;
      auto b = attempt.GetBlock(name, attempt.func_name());
      if (!b.ok()) continue;
      auto loops = attempt.GetLoops(*b);
      if (!loops.ok() || !attempt.DecomposeReduction(*b, (*loops)[point]).ok()) continue;
      out = std::move(attempt);
    }
    return {out};
  }
};

}  // namespace

const TirScheduleRule& TirRewriteReductionBlock() {
  static const RewriteReductionBlock rule;
  return rule;
}

}  // namespace tessera::tune
