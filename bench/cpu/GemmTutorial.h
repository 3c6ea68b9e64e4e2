// The GEMM-tutorial section of tessera-bench-cpu: the successive schedules of TVM's
// "How to optimize GEMM on CPU" (baseline, blocking, vectorization, loop permutation,
// array packing, write cache, parallel), written as scripts in bench/gemm_tutorial/ in
// TVM's idiom, each timed and printed as a speed ratio to OpenBLAS cblas_sgemm and to
// oneDNN dnnl_sgemm measured in the same run.
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::bench {

struct TutorialOptions {
  int64_t size = 1024;                // M = N = K, as in the tutorial
  std::vector<int> threads = {1, 0};  // 0: every core
  int repeat = 10;                    // timed calls per schedule at most (slow ones get fewer)
};

// Prints the section; false when a schedule failed to compile, run or check.
bool BenchGemmTutorial(const TutorialOptions& options);

}  // namespace tessera::bench
