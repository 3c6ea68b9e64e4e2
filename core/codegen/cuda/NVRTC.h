// NVRTC: CUDA C++ -> PTX (and CUBIN) in process, with the CUDA toolkit's run-time
// compiler. Compiling needs no GPU; `tessera-cli export --format ptx` works on any
// machine with the toolkit. In a build without the toolkit every function returns an
// Error saying so.
#pragma once

#include <string>
#include <vector>

#include "codegen/cuda/CudaOptions.h"
#include "support/Result.h"

namespace tessera::codegen {

// PTX for the virtual architecture of `arch` ("sm_90" -> compute_90); the driver
// compiles it for the GPU it is loaded on (any GPU at least as new). Errors: an
// architecture NVRTC does not support (the message lists those it does), a compile
// error (with NVRTC's log), a build without NVRTC.
Result<std::string> CompileToPTX(const std::string& source,
                                 const std::string& arch = kDefaultCudaArch);
// Machine code (an ELF cubin) for exactly `arch`.
Result<std::string> CompileToCUBIN(const std::string& source, const std::string& arch);

bool NVRTCAvailable();
// "13.0", or why NVRTC is not available.
std::string NVRTCVersion();
// The real architectures NVRTC can compile for, as numbers (75, 80, ..., 120).
std::vector<int> NVRTCSupportedArchs();

}  // namespace tessera::codegen
