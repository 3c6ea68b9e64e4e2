// LaunchChecks: what must hold before a kernel is launched, with messages that say
// which limit a schedule breaks: at most max_threads_per_block threads per block (and
// the per-dimension limits: 1024 for x and y, 64 for z), grid dimensions within the
// device's (y and z at most 65535), and shared memory within the static limit (48 KiB)
// unless the options opt in to the larger dynamic pool. CheckKernel checks what is
// known when compiling (constant extents, shared sizes) and decides whether the kernel
// needs dynamic shared memory; CheckLaunch checks the extents of one launch.
// (That every GPU index is bound once per path is checked by transform::ThreadLaunch.)
#pragma once

#include <array>
#include <cstdint>

#include "codegen/cuda/CudaOptions.h"
#include "codegen/cuda/CudaProgram.h"
#include "support/Result.h"

namespace tessera::codegen {

Status CheckKernel(CudaKernel* kernel, const CudaOptions& options);
Status CheckLaunch(const CudaKernel& kernel, const std::array<int64_t, 3>& grid,
                   const std::array<int64_t, 3>& block, const CudaOptions& options);

}  // namespace tessera::codegen
