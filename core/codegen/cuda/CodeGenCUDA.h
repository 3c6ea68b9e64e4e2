// CodeGenCUDA: prints a CudaProgram (SplitHostDevice.h) as one CUDA C++ translation
// unit — what NVRTC compiles, what `tessera-cli export --format cuda` writes and what
// the GUI's CUDA tab shows. It contains a short prelude (fixed-width integer types:
// NVRTC compiles without the C library headers; floor division and min/max helpers),
// one `extern "C" __global__` function per kernel (with __launch_bounds__ when the block
// size is constant) and, as a closing comment, the host program: which kernel is
// launched with which grid and block, around which host loops and temporary buffers.
//
// Thread and block indices print as ((int)threadIdx.x); shared allocations as
// __shared__ arrays (slices of the dynamic shared pool when the kernel opted in to
// more than the static limit); local allocations as per-thread arrays (registers when
// their indices are constant); barriers as __syncthreads(). Read-only buffers are
// `const T* __restrict__` (the tensors of a function never alias). Vector statements
// run lane by lane in a small unrolled loop. Integer index arithmetic keeps the IR's
// types, so int32 indices stay 32-bit as TVM's do.
#pragma once

#include <string>

#include "codegen/LoopLines.h"
#include "codegen/cuda/CudaProgram.h"
#include "support/Result.h"

namespace tessera::codegen {

// With `lines`, also which lines print which loop of the kernels' bodies (LoopLines.h;
// loops numbered across the kernels in order).
Result<std::string> CodeGenCUDA(const CudaProgram& program, LoopLines* lines = nullptr);

// The name NVRTC and the driver know a kernel by (its extern "C" name).
const std::string& KernelSymbol(const CudaKernel& kernel);

}  // namespace tessera::codegen
