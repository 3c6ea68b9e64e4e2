#include "runtime/cuda/EmulatorWmma.h"

namespace tessera::runtime {

namespace {

const char* kHalf = R"(// cuda_fp16.h, emulated (runtime/cuda/EmulatorWmma.cpp).
typedef _Float16 half;
)";

// Tile (r, c) of a fragment is x[r * cols + c]; see ir/WmmaBuiltins.h.
const char* kWmma = R"(// mma.h, emulated (runtime/cuda/EmulatorWmma.cpp).
namespace nvcuda {
namespace wmma {
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
// One thread per warp does the warp's work: lane 0 of each row of 32 threadIdx.x (every
// warp has one, as the GPU's warps are runs of 32 linear thread ids).
inline bool tsr_wmma_leader() { return threadIdx.x % 32 == 0; }
template <typename Use, int M, int N, int K> struct tile_of { static const int rows = M, cols = N; };
template <int M, int N, int K> struct tile_of<matrix_a, M, N, K> { static const int rows = M, cols = K; };
template <int M, int N, int K> struct tile_of<matrix_b, M, N, K> { static const int rows = K, cols = N; };
template <typename L> struct is_col_major { static const bool value = false; };
template <> struct is_col_major<col_major> { static const bool value = true; };
template <typename Use, int M, int N, int K, typename T, typename Layout = void> struct fragment {
  static const int rows = tile_of<Use, M, N, K>::rows, cols = tile_of<Use, M, N, K>::cols;
  T x[rows * cols];
};
template <typename T, typename Frag> void copy_tile(Frag& f, const T* p, unsigned ldm, bool col) {
  for (int r = 0; r < Frag::rows; ++r)
    for (int c = 0; c < Frag::cols; ++c) f.x[r * Frag::cols + c] = col ? p[c * ldm + r] : p[r * ldm + c];
}
template <typename U, int M, int N, int K, typename T, typename L, typename V>
void fill_fragment(fragment<U, M, N, K, T, L>& f, V v) {
  if (!tsr_wmma_leader()) return;
  for (T& e : f.x) e = (T)v;
}
template <typename U, int M, int N, int K, typename T, typename L>
void load_matrix_sync(fragment<U, M, N, K, T, L>& f, const T* p, unsigned ldm) {
  if (!tsr_wmma_leader()) return;
  copy_tile(f, p, ldm, is_col_major<L>::value);
}
template <int M, int N, int K, typename T>
void load_matrix_sync(fragment<accumulator, M, N, K, T>& f, const T* p, unsigned ldm, layout_t l) {
  if (!tsr_wmma_leader()) return;
  copy_tile(f, p, ldm, l == mem_col_major);
}
template <int M, int N, int K, typename T>
void store_matrix_sync(T* p, const fragment<accumulator, M, N, K, T>& f, unsigned ldm, layout_t l) {
  if (!tsr_wmma_leader()) return;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) (l == mem_col_major ? p[c * ldm + r] : p[r * ldm + c]) = f.x[r * N + c];
}
// d = c + a * b, each element summed over k in order, in the accumulator's type.
template <int M, int N, int K, typename TC, typename TA, typename LA, typename LB>
void mma_sync(fragment<accumulator, M, N, K, TC>& d, const fragment<matrix_a, M, N, K, TA, LA>& a,
              const fragment<matrix_b, M, N, K, TA, LB>& b, const fragment<accumulator, M, N, K, TC>& c) {
  if (!tsr_wmma_leader()) return;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      TC acc = c.x[i * N + j];
      for (int k = 0; k < K; ++k) acc = acc + (TC)a.x[i * K + k] * (TC)b.x[k * N + j];
      d.x[i * N + j] = acc;
    }
}
}  // namespace wmma
}  // namespace nvcuda
)";

void Replace(std::string& text, const std::string& line, const char* with) {
  for (size_t at = text.find(line); at != std::string::npos; at = text.find(line, at))
    text.replace(at, line.size(), with);
}

}  // namespace

std::string EmulateCudaHeaders(std::string source) {
  Replace(source, "#include <cuda_fp16.h>\n", kHalf);
  Replace(source, "#include <mma.h>\n", kWmma);
  return source;
}

}  // namespace tessera::runtime
