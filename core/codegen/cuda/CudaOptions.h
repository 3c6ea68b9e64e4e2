// CudaOptions: the target of the CUDA backend and the limits a launch is checked
// against before it happens (without a GPU: the defaults below, which are those of
// every GPU since Volta; with one, CudaOptions::ForDevice fills in the device's).
#pragma once

#include <cstdint>
#include <string>

namespace tessera::codegen {

// The architecture Tessera compiles for when it cannot ask a GPU (H100/H200 class).
inline constexpr const char* kDefaultCudaArch = "sm_90";

struct CudaOptions {
  std::string arch = kDefaultCudaArch;  // "sm_90", "sm_80", ...
  int64_t max_threads_per_block = 1024;
  int64_t max_block_dim[3] = {1024, 1024, 64};
  int64_t max_grid_dim[3] = {2147483647, 65535, 65535};
  int64_t max_static_shared_bytes = 48 * 1024;  // static __shared__ arrays per block
  // Allow more shared memory than the static limit, up to max_optin_shared_bytes, by
  // allocating it dynamically (the runtime raises the kernel's limit).
  bool opt_in_shared = false;
  int64_t max_optin_shared_bytes = 227 * 1024;  // sm_90
};

// "sm_90" -> 90; 0 when `arch` is not of the form sm_NN / sm_NNN (optionally with a
// trailing letter, as sm_90a).
int ArchNumber(const std::string& arch);

}  // namespace tessera::codegen
