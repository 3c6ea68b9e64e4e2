// TirScheduleRule: one search rule of a TensorIR design space (TirSpaceGenerator.h), as
// MetaSchedule's schedule_rule/*.cc. Generation offers every block of the function, in
// post order (the leaf blocks in program order, the root block last), to each rule in
// TirScheduleRules()' order; a rule applies its primitives to a schedule (sampling
// instructions included, so the trace records the decisions) and returns one schedule per
// branch of the space it opens. One file per rule:
//
//   TirAutoInline.cpp               an element-wise block that is not an output:
//                                   compute_inline into its consumers
//   TirMultiLevelTiling.cpp         a block with spatial and reduction iterators over a
//                                   plain loop nest: "SSRSRS" tiling by sample_perfect_tile,
//                                   with or without a write cache at a spatial level
//   TirParallelVectorizeUnroll.cpp  the root: each loop nest's outer loop parallel and
//                                   its unroll limit sampled, each block's inner loop vector
//   TirRewriteReductionBlock.cpp    the root, last: each init decomposed out of the
//                                   reduction loops (a postprocessor in MetaSchedule)
//
// A primitive that refuses leaves that branch out; a rule never fails.
#pragma once

#include <string>
#include <vector>

#include "tir/Schedule.h"

namespace tessera::tune {

class TirScheduleRule {
 public:
  virtual ~TirScheduleRule() = default;
  // The rule's name, as MetaSchedule names it ("auto-inline", "multi-level-tiling", ...).
  virtual const char* name() const = 0;
  // The schedules `sch` becomes when the rule takes block `block`: `sch` unchanged (one
  // element) when the rule does not apply to it.
  virtual std::vector<tir::Schedule> Apply(const tir::Schedule& sch,
                                           const std::string& block) const = 0;
};

const TirScheduleRule& TirAutoInline();
const TirScheduleRule& TirMultiLevelTiling();
const TirScheduleRule& TirParallelVectorizeUnroll();
const TirScheduleRule& TirRewriteReductionBlock();

// Every rule, in the order generation offers them a block.
const std::vector<const TirScheduleRule*>& TirScheduleRules();

// Helpers the rules share.

// The names of the blocks under the root of `func`, in program order.
std::vector<std::string> TirLeafBlocks(const tir::PrimFunc& func);
// The realize of the (non-root) block named `name` in `sch`'s function, or null.
const tir::BlockRealizeNode* FindTirBlock(const tir::Schedule& sch, const std::string& name);
// Whether every iterator of `block` is spatial and it has no init.
bool IsSpatialBlock(const tir::BlockNode& block);
// Whether a parameter of the function is among the buffers `block` writes.
bool WritesParam(const tir::PrimFunc& func, const tir::BlockNode& block);
// The loops above `realize` when they are a plain nest made for it: one serial loop from 0
// per iterator, in order, each bound as the iterator (`v_i = i`), each loop's body the
// next loop and the last one's the realize; empty otherwise.
std::vector<const tir::ForNode*> PlainLoopNest(const tir::Schedule& sch,
                                               const tir::BlockRealizeNode* realize);

}  // namespace tessera::tune
