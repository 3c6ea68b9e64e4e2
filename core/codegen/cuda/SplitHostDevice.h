// SplitHostDevice: cuts a function in launch form (transform/ThreadLaunch.h, after
// ThreadSync) into host code and kernels. Every chain of launch loops becomes one
// kernel; the host keeps what lies around the kernels (loops, lets, conditions,
// asserts and "global" allocations — temporary device buffers) and launches the
// kernels in program order. A kernel's parameters are the variables its code uses and
// does not define: the buffers it reads or writes and the scalars (shape variables,
// host loop variables). Shared and local allocations must have constant sizes (they are
// static arrays on the device); a size that depends on the block or thread index (a
// tile clipped at a tensor's edge) is replaced by its constant upper bound.
//
// Errors (the lowered program cannot run on the GPU): a store or load outside every
// kernel (a stage whose loops are not bound to blockIdx/threadIdx), a shared or local
// allocation outside a kernel or of symbolic size, a global allocation inside one.
#pragma once

#include "codegen/cuda/CudaOptions.h"
#include "codegen/cuda/CudaProgram.h"
#include "support/Result.h"

namespace tessera::codegen {

Result<CudaProgram> SplitHostDevice(const transform::PrimFunc& f);

}  // namespace tessera::codegen
