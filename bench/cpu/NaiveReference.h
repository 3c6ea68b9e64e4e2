// Plain C++ references for the benchmark's correctness check (used where OpenBLAS is
// not available, and for conv2d and softmax), and the error measure.
#pragma once

#include <cstdint>

namespace tessera::bench {

// C[M, N] = A[M, K] x B[K, N], row-major, i-k-j order (vectorisable inner loop).
void GemmReference(int64_t M, int64_t N, int64_t K, const float* A, const float* B, float* C);

// NCHW conv2d with zero padding `pad` and stride 1: out[n, f, y, x].
struct Conv2dShape {
  int64_t batch = 1, in_channel = 64, out_channel = 64, size = 56, kernel = 3, pad = 1;
  int64_t out_size() const { return size + 2 * pad - kernel + 1; }
  double flops() const {
    return 2.0 * batch * out_channel * out_size() * out_size() * in_channel * kernel * kernel;
  }
};
void Conv2dReference(const Conv2dShape& s, const float* data, const float* kernel, float* out);

// Row softmax of A[m, n] into B.
void SoftmaxReference(int64_t m, int64_t n, const float* A, float* B);

// max |a - b| / max(1, max |b|): the error relative to the reference's magnitude.
double RelativeMaxError(const float* a, const float* b, int64_t count);

}  // namespace tessera::bench
