// Halide 14 references with schedules equivalent to Tessera's shipped ones (the same
// loop structure, tile sizes, vectorisation, packing and parallel loop), JIT-compiled
// for the host (or HL_JIT_TARGET: BenchIsa.h) in this process (libHalide14 carries its own LLVM 14;
// it coexists with the shared libLLVM-19 of Tessera's backend). Built without Halide, Available()
// is false and every Make* returns an empty kernel.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "NaiveReference.h"

namespace tessera::bench::halide {

struct Kernel {
  std::function<void()> run;  // empty when not available or compilation failed
  double compile_ms = 0.0;
  std::string error;
};

bool Available();

// C = A x B (row-major M x K, K x N), the schedule of resources/examples/gemm_fast.py
// with its register tile for the Halide target's ISA (AVX-512 8 x 32, AVX2 4 x 16).
// `parallel` false: the same schedule with the parallel loop serial (one thread).
Kernel MakeGemm(int64_t M, int64_t N, int64_t K, const float* A, const float* B, float* C,
                bool parallel);

// The conv2d of resources/examples/conv2d_fast.py (padded input at the root, a register
// tile of 4 output channels x 7 vectors of 8 columns, parallel over channel groups).
Kernel MakeConv2d(const Conv2dShape& s, const float* data, const float* kernel, float* out,
                  bool parallel);

// The softmax of resources/examples/softmax_fast.py (row max and exp-sum per row as two
// vectors of partials combined afterwards, rows parallel, vectorized by two vectors).
Kernel MakeSoftmax(int64_t m, int64_t n, const float* A, float* B, bool parallel);

}  // namespace tessera::bench::halide
