// te.create_prim_func: a TensorIR PrimFunc from a tensor-expression program, built as
// TVM 0.20 builds it (src/te/operation/create_primfunc.cc) so that block, loop and
// iterator names match TVM's:
//  - the operations are visited in post-DFS order from the argument tensors;
//  - each compute op becomes one loop nest (its axes, then its reduce axes, loops named
//    after them) around one block named after the op ("C", or "C_1" when taken), with
//    iterators "v_" + axis name bound to the loops, T.init() for a reduction, and the
//    read/write regions detected from the body;
//  - placeholders are parameters, in argument order; intermediate tensors are buffers
//    allocated by the root block.
#pragma once

#include <vector>

#include "support/Result.h"
#include "te/Tensor.h"
#include "tir/Stmt.h"

namespace tessera::tir {

// Errors: a placeholder that is not an argument, scan / extern operations, reductions
// with a `where` condition, multi-value reductions and axes whose domain depends on
// another axis (not supported yet).
Result<PrimFunc> CreatePrimFunc(const std::vector<te::Tensor>& args);

}  // namespace tessera::tir
