// ThreadLaunch: puts every kernel into launch form. A kernel is the code under an
// outermost loop bound to a GPU index (found from the top of the program; what lies
// around it runs on the host). In launch form a kernel is one loop per GPU index it
// uses, outermost first in the order blockIdx.z, .y, .x, threadIdx.z, .y, .x, each over
// its launch extent (the largest extent of the loops bound to that index), around a
// body in which every original bound loop has become a guard `if (threadIdx_x < extent)`
// (dropped when its extent is the launch extent) with its variable replaced by the
// launch variable — what the hardware runs: every thread executes the body once.
//
// Side effects on shared or global memory outside every loop bound to a threadIdx
// dimension that is launched with more than one thread run on thread 0 of that
// dimension only (`if (threadIdx_x == 0)`): a final sum over partial results in shared
// memory must run once per block, not once per thread (stores to "local" memory stay
// on every thread: each thread needs its own copy).
//
// A threadIdx loop may sit inside a loop bound to the same index (cooperative
// fetching: a shared stage computed inside the thread loops of its consumer binds its
// own copy loop to the same threads) when it is not wider than the enclosing one and
// does not use the enclosing loop's index. Errors: vthread / cthread (not supported), a
// blockIdx loop inside a loop bound to the same blockIdx, such a nested threadIdx loop
// that is wider or uses the outer index, and loops bound to one index whose extents
// differ without a constant maximum.
//
// After this pass the program is device code: the reference interpreter's serial
// reading of the thread loops no longer applies (threads communicate through shared
// memory), which is why it runs after the target-independent pipeline.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt ThreadLaunch(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
