// oneDNN dnnl_sgemm (libdnnl-dev), the second GEMM reference (row-major, no transposes).
// Built without oneDNN, Available() is false and Gemm does nothing.
#pragma once

#include <cstdint>

namespace tessera::bench::onednn {

bool Available();
// threads <= 0: every core. oneDNN's Debian build runs on OpenMP; the count is set with
// omp_set_num_threads, looked up at run time in the OpenMP runtime oneDNN loaded.
void SetThreads(int threads);
// False when dnnl_sgemm reports an error.
bool Gemm(int64_t M, int64_t N, int64_t K, const float* A, const float* B, float* C);
// "oneDNN 2.6.3 (OpenMP)" or why it is not available.
const char* Description();

}  // namespace tessera::bench::onednn
