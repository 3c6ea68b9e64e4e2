// TirAllocationPlan: where the block buffers of a TensorIR program with thread-bound
// loops are allocated, and how large, as TVM's PlanAndUpdateBufferAllocationLocation and
// CompactBufferAllocation decide it (the CUDA path needs a "shared" or "local" buffer
// allocated inside its kernel, one tile large, not the whole tensor at function level):
//   - a buffer is allocated around the body of the innermost loop enclosing all its
//     uses (their lowest common ancestor; the function body when no loop encloses them
//     all); a "global" buffer no lower than the loops bound to blockIdx;
//   - its shape is the region its uses touch for one iteration of that loop: the loops
//     below it relaxed, and the thread-bound loops above it whose threads share the
//     buffer's scope (tir/ThreadScope.h: threadIdx for "shared", nothing for "local",
//     every thread loop for "global"); each access is shifted by the region's minimum.
//     A dimension whose region is not a constant extent smaller than the buffer keeps
//     the buffer's extent. Conditions around the accesses do not narrow the region (TVM
//     intersects it with them).
// Errors: a buffer in a scope other than "global" that is used outside every
// thread-bound loop (it would be allocated outside the kernel); the message names it.
#pragma once

#include <unordered_map>
#include <vector>

#include "ir/Buffer.h"
#include "ir/Stmt.h"
#include "support/Result.h"

namespace tessera::transform {

struct TirAllocationPlan {
  ir::Stmt body;  // with the allocations placed and the accesses shifted
  // Per data variable of a planned buffer, the buffer as allocated (compacted shape).
  std::unordered_map<const ir::ExprNode*, ir::Buffer> allocated;
};

// `body`: the block-free program (N-D buffer accesses, no allocations of `buffers`);
// `buffers`: the buffers the blocks allocate, outermost allocation first.
Result<TirAllocationPlan> PlanTirAllocations(const ir::Stmt& body,
                                             const std::vector<ir::Buffer>& buffers);

}  // namespace tessera::transform
