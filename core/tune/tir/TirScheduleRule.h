// TirScheduleRule: one search rule of a TensorIR design space (TirSpaceGenerator.h), as
// MetaSchedule's schedule_rule/*.cc. Generation offers every block of the function, in
// post order (the leaf blocks in program order, the root block last), to each rule in
// TirScheduleRules()' order; a rule applies its primitives to a schedule (sampling
// instructions included, so the trace records the decisions) and returns one schedule per
// branch of the space it opens. One file per rule:
//
//   TirAutoInline.cpp               an element-wise block that is not an output:
//                                   compute_inline into its consumers
//   TirMultiLevelTiling.cpp         a block with spatial and reduction iterators whose
//                                   loops the user's schedule left plain: "SSRSRS" tiling
//                                   of those loops by sample_perfect_tile, with or without
//                                   a write cache at a spatial level
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
// A loop of a block that is still as the block's loop nest was made: serial, from 0, no
// annotation, binding one iterator as it is (`v_j = j`) over the iterator's whole domain,
// and bound by no other iterator.
struct PlainLoop {
  size_t position = 0;  // among the loops above the block (GetLoops' order)
  size_t iter = 0;      // the block iterator it binds
  bool spatial = true;  // that iterator's kind (else a reduction)
};
// The plain loops among the innermost loops of `realize` that enclose nothing but it (each
// one's body the next loop or the realize): the loops a rule may still tile. A loop the
// user split, fused, parallelized or annotated is not one, nor is a loop shared with
// another block (compute_at); the plain loops around those keep their places relative to
// them. A nest nobody scheduled is all plain loops.
std::vector<PlainLoop> PlainLoops(const tir::Schedule& sch, const tir::BlockRealizeNode* realize);

}  // namespace tessera::tune
