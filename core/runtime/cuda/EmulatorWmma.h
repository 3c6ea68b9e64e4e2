// The emulator's stand-ins for the CUDA headers a generated program may include
// (codegen/cuda/CodeGenCUDAWmma.h): <cuda_fp16.h> becomes `half` as the host compiler's
// _Float16, and <mma.h> an nvcuda::wmma whose fragments hold the whole tile in every
// thread, with the meaning ir/WmmaBuiltins.h specifies for the CPU — so a
// tensor-core kernel checked on the emulator computes exactly what the CPU lowering does.
// A warp's lanes are given the same arguments (as the GPU requires), so one of them — the
// thread with threadIdx.x % 32 == 0, which every warp has — does the warp's work on its
// own copy and the others skip the calls (no 32-fold work, no duplicate stores).
#pragma once

#include <string>

namespace tessera::runtime {

// `source` with its CUDA #include lines replaced by the emulation.
std::string EmulateCudaHeaders(std::string source);

}  // namespace tessera::runtime
