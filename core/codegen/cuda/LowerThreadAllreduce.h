// LowerThreadAllreduce: lowers the cross-thread reductions of kernels in launch form
// (`red[0] = tsr_thread_allreduce("sum", value, identity, "threadIdx.x", R)`, made by
// schedule::MakeCrossThreadReduction) to what the hardware does well:
//
//   1. each warp reduces its 32 values with __shfl_down_sync (offsets 16, 8, 4, 2, 1);
//   2. when the reduction spans several warps (R = 64 ... 1024), lane 0 of each warp
//      writes its partial result to a __shared__ array, a barrier, then every warp
//      reduces the R / 32 partial results of its group the same way, and a second
//      barrier lets the array be reused (the next row's reduction);
//   3. lane 0's value is broadcast with __shfl_sync, so every thread holds the result.
//
// R below 32 (a power of two) reduces within segments of R lanes (the width argument
// of the shuffles), several groups per warp. The lane masks name exactly the threads
// of the warp that exist (a partial last warp when the block is not a multiple of 32).
// Groups are the threads that share threadIdx.y and .z: the reduction runs over
// threadIdx.x only. Errors (with the reason): R is not the block's threadIdx.x extent,
// not a multiple of 32 nor a power of two, the block size is not a constant, the
// value is not a 32/64-bit number, or the reduction sits under a condition on the
// thread index (not every thread would reach the shuffles and barriers).
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::codegen {

ir::Stmt LowerThreadAllreduce(ir::Stmt s, const transform::PassContext& ctx);

}  // namespace tessera::codegen
