// Halide 14's autoschedulers as references of the tune benchmark: the same three
// algorithms (GEMM, the padded 3x3 conv2d, row softmax) written in Halide without a
// schedule, with estimates of every output dimension, scheduled by one of the plugins
// that ship with libhalide14-0 (Adams2019, Mullapudi2016, Li2018) for this machine
// (its core count and last-level cache), JIT-compiled and timed in this process.
// Built without Halide, Available() is false and every Make* returns an error.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace tessera::bench::halide_auto {

struct AutoKernel {
  std::function<void()> run;  // empty when not available or the autoscheduler failed
  double schedule_ms = 0.0;   // the autoscheduler's own time
  double compile_ms = 0.0;
  double max_error = -1.0;  // vs the plain C++ reference, relative (negative: not checked)
  std::string error;
};

bool Available();
// "Adams2019", "Mullapudi2016", "Li2018".
const char* const* SchedulerNames();

// C[1024 x 1024] = A x B with K = `k` (row-major), as kGemm of BenchTune.cpp.
AutoKernel MakeGemm(const std::string& scheduler, int64_t m, int64_t n, int64_t k);
// NCHW conv2d, batch 1, `c` in and out channels, `size` x `size`, 3x3, zero padding 1.
AutoKernel MakeConv2d(const std::string& scheduler, int64_t c, int64_t size);
// Row softmax of an m x n matrix.
AutoKernel MakeSoftmax(const std::string& scheduler, int64_t m, int64_t n);

}  // namespace tessera::bench::halide_auto
