// OpenBLAS cblas_sgemm, the GEMM reference (row-major, no transposes). Built without
// OpenBLAS, Available() is false and Gemm does nothing.
#pragma once

#include <cstdint>

namespace tessera::bench::openblas {

bool Available();
// threads <= 0: every core OpenBLAS sees.
void SetThreads(int threads);
void Gemm(int64_t M, int64_t N, int64_t K, const float* A, const float* B, float* C);
// "OpenBLAS 0.3.21 (Haswell kernels)" or why it is not available.
const char* Description();

}  // namespace tessera::bench::openblas
