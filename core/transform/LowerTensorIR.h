// LowerTensorIR: a TensorIR function (core/tir) compiled through the same pipeline as a
// tensor-expression schedule. Blocks become plain loop code, as TVM's LowerInitBlock,
// ConvertBlocksToOpaque and LowerOpaqueBlock make them:
//   - a block's iterators are replaced by their bindings;
//   - a realize's predicate (T.where) becomes an `if`;
//   - a block's `init` runs first, guarded by "every reduction iterator is at its
//     domain's min";
//   - a block's alloc_buffers are allocated around the block's body, where the block is
//     (the root block's at function level); in a program with thread-bound loops they
//     are allocated where their uses meet instead, one tile large (TirAllocationPlan.h:
//     TVM's PlanAndUpdateBufferAllocationLocation and CompactBufferAllocation), so that
//     a "shared" or "local" buffer lies inside its kernel;
//   - storage_align's "buffer_dim_align" annotation pads the strides of the buffer it
//     names (layout/StorageAlign.h's AlignedStrides), which flattening then uses;
//   - loop kinds stay (parallel, vectorized, unrolled); a thread-bound loop becomes an
//     ir::For of kind ThreadBinding as the TE lowering makes it ("vthread" a serial loop),
//     which the CUDA path (codegen/cuda/CudaLowering.h) launches. It must start at 0,
//     and the loops bound to one tag in one kernel must have one extent (TVM's
//     UnifyThreadBinding); otherwise an error names the loops;
//   - `pragma_*` annotations become AttrStmts around the loop (Integer 0 for a block's);
//     pragma_auto_unroll_max_step = N unrolls the serial constant-extent loops under it
//     whose whole nest runs at most N steps; other loop annotations are kept on the loop.
// The result is then flattened (the "StorageFlatten" step: N-D buffer accesses become
// accesses of flat buffers) and optimized by the passes after StorageFlatten.
#pragma once

#include <string>

#include "support/Result.h"
#include "tir/Stmt.h"
#include "transform/PassContext.h"
#include "transform/Pipeline.h"

namespace tessera::transform {

// The parameters are f.params in order (compact buffers) with f.scalar_params at their
// positions, then the shape variables of their shapes not among them. The timeline holds "Input"
// (the block-free program, buffers still N-D), then one entry per pipeline pass
// (PipelinePassNames()), so LoweredProgram::After answers for every name `lower --after` accepts.
// Errors: a block form the lowering cannot handle (the message names the block), a
// buffer read or written that is neither a parameter nor allocated by a block, or a
// pass's error (the message names the pass).
Result<LoweredProgram> LowerTensorIR(const tir::PrimFunc& f, PassContext ctx = {},
                                     const std::string& name = "main");

// Only the block-lowering step: the body of `f` as core/ir loops with N-D buffer
// accesses (the timeline's "Input").
Result<ir::Stmt> LowerBlocks(const tir::PrimFunc& f);

}  // namespace tessera::transform
