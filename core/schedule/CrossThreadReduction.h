// Cross-thread reductions: a reduction whose reduce axis is bound to threadIdx.x
// (`s[B].bind(ki, te.thread_axis("threadIdx.x"))`, as in TVM's reduction tutorial).
// Each thread first reduces the reduce axes that are not bound (serial loops, into a
// per-thread "local" accumulator), then the threads of the block combine their partial
// results with one all-reduce, and one thread (threadIdx.x == 0) stores the result:
//
//   red.normal[0] = identity
//   for ko: if (conds) red.normal[0] = combine(red.normal[0], source)
//   red.result[0] = tsr_thread_allreduce("sum", red.normal[0], identity, "threadIdx.x", 256)
//   if (threadIdx.x == 0 && data-parallel conds) B[i] = red.result[0]
//
// The loops keep the stage's leaf order except that unbound reduce loops move inside
// every other loop (they only feed the accumulator). Conditions of the reduction and
// split tails become part of the contributed value (identity where they fail) so that
// every thread of the block reaches the all-reduce. The intrinsic is lowered to warp
// shuffles and a shared-memory step across warps by transform::LowerThreadAllreduce
// (CUDA only; other targets reject loops bound to threads anyway).
#pragma once

#include "ir/Stmt.h"
#include "schedule/MessagePassing.h"
#include "schedule/Schedule.h"

namespace tessera::schedule {

// The intrinsic's name. Arguments: the combiner's name ("sum", "max" or "min"), the
// thread's contribution, the combiner's identity, the thread tag reduced over and its
// extent (a constant).
inline constexpr const char* kThreadAllreduce = "tsr_thread_allreduce";

// Whether binding reduce axis `iv` of `stage` to `thread` is a supported cross-thread
// reduction: a single-output sum/max/min, bound to threadIdx.x, one bound reduce axis.
Status CheckCrossThreadBind(const Stage& stage, const IterVar& iv, const IterVar& thread);

// True when a reduce leaf of `stage` is bound to a thread.
bool HasCrossThreadReduction(const Stage& stage);

// The loops and statements computing such a stage (see above).
ir::Stmt MakeCrossThreadReduction(const Stage& stage, const RangeMap& rmap, bool keep_trivial_loop);

}  // namespace tessera::schedule
