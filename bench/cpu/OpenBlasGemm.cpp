#include "OpenBlasGemm.h"

#ifdef TESSERA_BENCH_OPENBLAS
#include <cblas.h>

#include <string>

#include "runtime/CpuCount.h"
#endif

namespace tessera::bench::openblas {

#ifdef TESSERA_BENCH_OPENBLAS
bool Available() { return true; }

void SetThreads(int threads) {
  if (threads <= 0) threads = runtime::PoolThreadCount();
  openblas_set_num_threads(threads);
}

void Gemm(int64_t M, int64_t N, int64_t K, const float* A, const float* B, float* C) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(M), static_cast<int>(N),
              static_cast<int>(K), 1.0f, A, static_cast<int>(K), B, static_cast<int>(N), 0.0f, C,
              static_cast<int>(N));
}

const char* Description() {
  static const std::string text =
      std::string("OpenBLAS (") + openblas_get_config() + ", core " + openblas_get_corename() + ")";
  return text.c_str();
}
#else
bool Available() { return false; }
void SetThreads(int) {}
void Gemm(int64_t, int64_t, int64_t, const float*, const float*, float*) {}
const char* Description() { return "OpenBLAS: not available (built without libopenblas-dev)"; }
#endif

}  // namespace tessera::bench::openblas
