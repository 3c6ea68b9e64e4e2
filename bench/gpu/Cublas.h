// cuBLAS SGEMM, loaded with dlopen (libcublas.so from the CUDA toolkit) so that the
// benchmark needs no link-time dependency: C = A x B for row-major float matrices in
// GPU memory, on the default stream.
#pragma once

#include <memory>
#include <string>

#include "runtime/cuda/CudaDriver.h"

namespace tessera::bench {

class Cublas {
 public:
  // Errors: the library is not found, or cublasCreate fails.
  static Result<std::unique_ptr<Cublas>> Load();
  ~Cublas();

  // Row-major (m x k) * (k x n) -> (m x n).
  Status Sgemm(int m, int n, int k, runtime::cu::DevicePtr a, runtime::cu::DevicePtr b,
               runtime::cu::DevicePtr c) const;
  const std::string& library() const { return library_; }

 private:
  Cublas() = default;
  using Status_t = int;
  void* dl_ = nullptr;
  void* handle_ = nullptr;
  std::string library_;
  Status_t (*create_)(void**) = nullptr;
  Status_t (*destroy_)(void*) = nullptr;
  Status_t (*sgemm_)(void*, int, int, int, int, int, const float*, const float*, int, const float*,
                     int, const float*, float*, int) = nullptr;
};

}  // namespace tessera::bench
