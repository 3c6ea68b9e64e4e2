// Region analysis, TensorIR's counterpart of InferBound: which part of a buffer the blocks
// under a loop read during one iteration of that loop. Each reading block's read regions
// are taken in its bindings (its iterators replaced by the loop expressions bound to
// them) and relaxed over the loops between the given loop and the block; the loop's own
// variable and the loops outside it stay symbolic. The union over the readers is what a
// producer computed at that loop must provide (compute_at uses exactly this).
// With `relax_storage_scope` (what compute_at asks for, as TVM's RelaxBufferRegions), the
// thread-bound loops from the root down to the given loop whose threads share the
// buffer's storage scope (tir/ThreadScope.h: threadIdx and vthread for "shared", none for
// "local" or "global") are relaxed too: one iteration must provide what all of those
// threads read.
#pragma once

#include <string>
#include <vector>

#include "arith/IntSet.h"
#include "tir/ScheduleState.h"

namespace tessera::tir {

struct ConsumerRegion {
  std::string block;  // the reading block
  // The loops between the given loop and the block, then the relaxed thread loops.
  std::vector<Var> relaxed_loops;
  std::vector<arith::IntSet> region;
};

struct RequiredRegion {
  Buffer buffer;
  std::vector<ConsumerRegion> consumers;
  std::vector<arith::IntSet> required;  // the union, per dimension
  // The union as [min, min + extent) per dimension (the buffer's extent where unbounded).
  Region AsRegion() const;
};

// The region of `buffer` the blocks under `loop` read per iteration of `loop`.
RequiredRegion AnalyzeRequiredRegion(const ScheduleState& state, const ForNode* loop,
                                     const Buffer& buffer, bool relax_storage_scope = false);
// The same for the blocks under `loop` that write `buffer` (what reverse_compute_at
// gives a consumer moved under the loop): `consumers` then lists those writers.
RequiredRegion AnalyzeProvidedRegion(const ScheduleState& state, const ForNode* loop,
                                     const Buffer& buffer);
// The region of `buffer` the blocks under `loop` read (`reads`) or write per iteration, the
// thread loops down to `loop` relaxed whose threads share storage in `relax_scope` (TVM's
// extra_relax_scope: read_at / write_at relax by the scope of the copy, not the buffer's).
RequiredRegion AnalyzeAccessedRegion(const ScheduleState& state, const ForNode* loop,
                                     const Buffer& buffer, bool reads,
                                     const std::string& relax_scope);

}  // namespace tessera::tir
