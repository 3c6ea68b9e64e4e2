#include "HalideKernels.h"

#include "BenchIsa.h"

#ifdef TESSERA_BENCH_HALIDE
#include <Halide.h>

#include <algorithm>
#include <chrono>
#include <memory>
#endif

namespace tessera::bench::halide {

#ifdef TESSERA_BENCH_HALIDE
namespace {

// The register tile of resources/examples/gemm_fast.py's defaults, for the vector width
// and register count of the Halide target (BenchIsa.h, read at run time): two vectors of
// columns, as many rows (a divisor of M) as leave 3 registers for the operands — AVX-512
// 8 x 32 (16 of 32 zmm), AVX2 4 x 16 (8 of 16 ymm; 8 x 32 would need 32 accumulators).
struct RegisterTile {
  int rows, cols;
};
RegisterTile GemmTile(int64_t M) {
  const int lanes = isa::HalideLanes(), vectors = 2;
  const int limit = std::max(1, (isa::HalideRegisters() - 3) / vectors);
  int rows = 1;
  for (int r = 1; r <= limit; ++r)
    if (M % r == 0) rows = r;
  return {rows, vectors * lanes};
}

// Wraps caller memory (row-major; Halide lists the innermost dimension first).
template <typename T>
Halide::Buffer<float> Wrap(T* data, std::vector<int> sizes_innermost_first) {
  return Halide::Buffer<float>(const_cast<float*>(data), sizes_innermost_first);
}

// JIT-compiles `out` for the host and returns a kernel that realizes it into `result`.
Kernel Compile(Halide::Func out, Halide::Buffer<float> result) {
  Kernel k;
  try {
    auto pipeline = std::make_shared<Halide::Pipeline>(out);
    Halide::Target target = Halide::get_jit_target_from_environment();
    auto start = std::chrono::steady_clock::now();
    pipeline->compile_jit(target);
    k.compile_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    k.run = [pipeline, result, target]() mutable { pipeline->realize(result, target); };
  } catch (const Halide::Error& e) {
    k.error = e.what();
  }
  return k;
}

}  // namespace

bool Available() { return true; }

// gemm_fast.py: loop j.outer (panels of tile.cols columns, parallel) { pack the K x
// tile.cols panel of B; loop i.outer (tile.rows rows) { zero the tile; loop k { tile +=
// A column x B row } } }, the tile rows unrolled and its columns vectorized.
Kernel MakeGemm(int64_t M, int64_t N, int64_t K, const float* A, const float* B, float* C,
                bool parallel) {
  using namespace Halide;
  Buffer<float> a = Wrap(A, {int(K), int(M)});  // a(k, i)
  Buffer<float> b = Wrap(B, {int(N), int(K)});  // b(j, k)
  Buffer<float> c = Wrap(C, {int(N), int(M)});  // c(j, i)
  Var j("j"), i("i"), jo("jo"), ji("ji"), io("io"), ii("ii");
  RDom r(0, int(K), "k");
  Func packed("B_global"), tile("C_tile"), out("C");
  packed(j, i) = b(j, i);
  tile(j, i) = 0.0f;
  tile(j, i) += a(r, i) * packed(j, r);
  out(j, i) = tile(j, i);
  const RegisterTile t = GemmTile(M);
  const int kTileCols = t.cols, kTileRows = t.rows;
  out.split(j, jo, ji, kTileCols)
      .split(i, io, ii, kTileRows)
      .reorder(ji, ii, io, jo)
      .vectorize(ji)
      .unroll(ii);
  if (parallel) out.parallel(jo);
  packed.compute_at(out, jo).vectorize(j, kTileCols);
  tile.compute_at(out, io).vectorize(j).unroll(i);
  tile.update().reorder(j, i, r).vectorize(j).unroll(i);
  return Compile(out, c);
}

// conv2d_fast.py: the padded input computed once at the root; per group of 4 output
// channels (parallel) and output row y, the reduction (rc, ry, rx) outside a register
// tile of 4 channels x 56 columns (7 vectors of 8, unrolled).
Kernel MakeConv2d(const Conv2dShape& s, const float* data, const float* kernel, float* out_data,
                  bool parallel) {
  using namespace Halide;
  int size = int(s.size), o = int(s.out_size()), ks = int(s.kernel), pad = int(s.pad);
  Buffer<float> d = Wrap(data, {size, size, int(s.in_channel), int(s.batch)});
  Buffer<float> w = Wrap(kernel, {ks, ks, int(s.in_channel), int(s.out_channel)});
  Buffer<float> res = Wrap(out_data, {o, o, int(s.out_channel), int(s.batch)});
  Var x("x"), y("y"), f("f"), n("n"), xo("xo"), xi("xi"), fo("fo"), fi("fi");
  Func padded("pad"), tile("conv_tile"), conv("conv");
  Expr inside = x >= pad && x < size + pad && y >= pad && y < size + pad;
  padded(x, y, f, n) =
      select(inside, d(clamp(x - pad, 0, size - 1), clamp(y - pad, 0, size - 1), f, n), 0.0f);
  RDom r(0, int(s.in_channel), 0, ks, 0, ks, "r");  // r.x = rc, r.y = ry, r.z = rx
  tile(x, y, f, n) = 0.0f;
  tile(x, y, f, n) += padded(x + r.z, y + r.y, r.x, n) * w(r.z, r.y, r.x, f);
  conv(x, y, f, n) = tile(x, y, f, n);
  padded.compute_root();
  // Constant extents (Halide infers them from the output buffer at run time otherwise;
  // unrolling needs them at compile time, as Tessera has them from the te definition).
  conv.bound(x, 0, o).bound(y, 0, o).bound(f, 0, int(s.out_channel)).bound(n, 0, int(s.batch));
  conv.split(f, fo, fi, 4).split(x, xo, xi, 8).reorder(xi, xo, fi, y, fo, n).vectorize(xi);
  if (parallel) conv.parallel(fo);
  // The 4 x 56 tile in registers: Halide's idiom for Tessera's tile accumulated in place.
  tile.compute_at(conv, y).vectorize(x, 8).unroll(f);
  tile.update()
      .split(x, xo, xi, 8)
      .reorder(xi, xo, f, r.z, r.y, r.x)
      .vectorize(xi)
      .unroll(xo)
      .unroll(f);
  return Compile(conv, res);
}

// softmax_fast.py's defaults: per row i (parallel), the row max and the exp-sum as two
// vectors of partial results (rfactor over the inner 2 x lanes of the reduction,
// vectorized) combined afterwards, then the row, vectorized by 2 x lanes (the Halide
// target's lanes: 32 with AVX-512, 16 with AVX2).
Kernel MakeSoftmax(int64_t m, int64_t n, const float* A, float* B, bool parallel) {
  using namespace Halide;
  Buffer<float> a = Wrap(A, {int(n), int(m)});
  Buffer<float> b = Wrap(B, {int(n), int(m)});
  Var i("i"), j("j"), jo("jo"), ji("ji"), lane("lane");
  RDom r(0, int(n), "k"), r2(0, int(n), "k2");
  RVar ko("ko"), ki("ki"), ko2("ko2"), ki2("ki2");
  Func maxelem("maxelem"), expsum("expsum"), out("B");
  maxelem(i) = Float(32).min();
  maxelem(i) = max(maxelem(i), a(r, i));
  expsum(i) = 0.0f;
  expsum(i) += exp(a(r2, i) - maxelem(i));
  out(j, i) = exp(a(j, i) - maxelem(i)) / expsum(i);
  const int w = 2 * isa::HalideLanes();
  out.split(j, jo, ji, w).vectorize(ji);
  if (parallel) out.parallel(i);
  maxelem.compute_at(out, i);
  expsum.compute_at(out, i);
  Func max_rf = maxelem.update().split(r.x, ko, ki, w).rfactor(ki, lane);
  max_rf.compute_at(maxelem, i).vectorize(lane);
  max_rf.update().vectorize(lane);
  Func sum_rf = expsum.update().split(r2.x, ko2, ki2, w).rfactor(ki2, lane);
  sum_rf.compute_at(expsum, i).vectorize(lane);
  sum_rf.update().vectorize(lane);
  return Compile(out, b);
}

#else
bool Available() { return false; }
Kernel MakeGemm(int64_t, int64_t, int64_t, const float*, const float*, float*, bool) {
  return {{}, 0.0, "Halide: not available (built without libhalide14-0-dev)"};
}
Kernel MakeConv2d(const Conv2dShape&, const float*, const float*, float*, bool) {
  return {{}, 0.0, "Halide: not available (built without libhalide14-0-dev)"};
}
Kernel MakeSoftmax(int64_t, int64_t, const float*, float*, bool) {
  return {{}, 0.0, "Halide: not available (built without libhalide14-0-dev)"};
}
#endif

}  // namespace tessera::bench::halide
