// The emulator's stand-ins for the CUDA headers a generated program may include
// (codegen/cuda/CodeGenCUDAWmma.h): <cuda_fp16.h> becomes `half` as the host compiler's
// _Float16, and <mma.h> an nvcuda::wmma whose fragments hold the whole tile in every
// thread, with the meaning codegen/WmmaBuiltins.h specifies for the CPU — so a
// tensor-core kernel checked on the emulator computes exactly what the CPU lowering does.
// Every lane of a warp runs each call on its own copy (a warp's lanes are given the same
// arguments, as the GPU requires) and stores the same values.
#pragma once

#include <string>

namespace tessera::runtime {

// `source` with its CUDA #include lines replaced by the emulation.
std::string EmulateCudaHeaders(std::string source);

}  // namespace tessera::runtime
