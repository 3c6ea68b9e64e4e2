#include "NaiveReference.h"

#include <algorithm>
#include <cmath>

namespace tessera::bench {

void GemmReference(int64_t M, int64_t N, int64_t K, const float* A, const float* B, float* C) {
  std::fill(C, C + M * N, 0.0f);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t k = 0; k < K; ++k) {
      float a = A[i * K + k];
      for (int64_t j = 0; j < N; ++j) C[i * N + j] += a * B[k * N + j];
    }
}

void Conv2dReference(const Conv2dShape& s, const float* data, const float* kernel, float* out) {
  int64_t o = s.out_size();
  for (int64_t n = 0; n < s.batch; ++n)
    for (int64_t f = 0; f < s.out_channel; ++f)
      for (int64_t y = 0; y < o; ++y)
        for (int64_t x = 0; x < o; ++x) {
          float acc = 0.0f;
          for (int64_t c = 0; c < s.in_channel; ++c)
            for (int64_t ry = 0; ry < s.kernel; ++ry)
              for (int64_t rx = 0; rx < s.kernel; ++rx) {
                int64_t h = y + ry - s.pad, w = x + rx - s.pad;
                if (h < 0 || h >= s.size || w < 0 || w >= s.size) continue;
                acc += data[((n * s.in_channel + c) * s.size + h) * s.size + w] *
                       kernel[((f * s.in_channel + c) * s.kernel + ry) * s.kernel + rx];
              }
          out[((n * s.out_channel + f) * o + y) * o + x] = acc;
        }
}

void SoftmaxReference(int64_t m, int64_t n, const float* A, float* B) {
  for (int64_t i = 0; i < m; ++i) {
    const float* row = A + i * n;
    float mx = *std::max_element(row, row + n);
    double sum = 0.0;
    for (int64_t j = 0; j < n; ++j) sum += std::exp(row[j] - mx);
    for (int64_t j = 0; j < n; ++j) B[i * n + j] = static_cast<float>(std::exp(row[j] - mx) / sum);
  }
}

double RelativeMaxError(const float* a, const float* b, int64_t count) {
  double err = 0.0, scale = 1.0;
  for (int64_t i = 0; i < count; ++i) {
    double d = std::fabs(static_cast<double>(a[i]) - b[i]);
    if (!(d <= err)) err = d;  // NaN propagates as the error
    scale = std::max(scale, std::fabs(static_cast<double>(b[i])));
  }
  return err / scale;
}

}  // namespace tessera::bench
