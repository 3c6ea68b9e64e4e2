#include "OneDnnGemm.h"

#ifdef TESSERA_BENCH_ONEDNN
#include <dlfcn.h>
#include <dnnl.h>

#include <string>

#include "runtime/CpuCount.h"
#endif

namespace tessera::bench::onednn {

#ifdef TESSERA_BENCH_ONEDNN
bool Available() { return true; }

void SetThreads(int threads) {
  if (threads <= 0) threads = runtime::PoolThreadCount();
  using SetNumThreads = void (*)(int);
  static auto set = reinterpret_cast<SetNumThreads>(dlsym(RTLD_DEFAULT, "omp_set_num_threads"));
  if (set) set(threads);
}

bool Gemm(int64_t M, int64_t N, int64_t K, const float* A, const float* B, float* C) {
  return dnnl_sgemm('N', 'N', M, N, K, 1.0f, A, K, B, N, 0.0f, C, N) == dnnl_success;
}

const char* Description() {
  static const std::string text = [] {
    const dnnl_version_t* v = dnnl_version();
    std::string runtime = v->cpu_runtime == DNNL_RUNTIME_OMP ? "OpenMP" : "threads";
    return "oneDNN " + std::to_string(v->major) + "." + std::to_string(v->minor) + "." +
           std::to_string(v->patch) + " (dnnl_sgemm, " + runtime + ")";
  }();
  return text.c_str();
}
#else
bool Available() { return false; }
void SetThreads(int) {}
bool Gemm(int64_t, int64_t, int64_t, const float*, const float*, float*) { return false; }
const char* Description() { return "oneDNN: not available (built without libdnnl-dev)"; }
#endif

}  // namespace tessera::bench::onednn
