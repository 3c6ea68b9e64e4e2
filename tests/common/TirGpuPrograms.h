// TensorIR programs with thread-bound loops that the CUDA-path suites share (the core's,
// tests/tir/tst_tir_cuda, and the command line's, tests/cli/tst_tir_cuda_cli).
#pragma once

#include <string>

namespace tessera::testing {

// The GPU GEMM example's schedule (resources/examples/tensorir/gpu_gemm_tir.py) on
// M x N x K: 128x128 tiles per block of 16x16 threads, A and B staged in shared memory
// per step of 8 along k, C accumulated in registers; `unroll_k` unrolls the step.
inline std::string TirGpuGemm(int m, int n, int k, bool unroll_k = true) {
  const std::string M = std::to_string(m), N = std::to_string(n), K = std::to_string(k);
  std::string s = "import tvm\nfrom tvm import te, tir\n";
  s += "A = te.placeholder((" + M + ", " + K + "), 'float32', name='A')\n";
  s += "B = te.placeholder((" + K + ", " + N + "), 'float32', name='B')\n";
  s += "k = te.reduce_axis((0, " + K + "), name='k')\n";
  s += "C = te.compute((" + M + ", " + N + "), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), ";
  s += "name='C')\n";
  s += "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
       "c = sch.get_block('C')\n"
       "a_shared = sch.cache_read(c, 0, 'shared')\n"
       "b_shared = sch.cache_read(c, 1, 'shared')\n"
       "c_local = sch.cache_write(c, 0, 'local')\n"
       "i, j = sch.get_loops(c_local)\n"
       "by, yi = sch.split(i, factors=[None, 128])\n"
       "bx, xi = sch.split(j, factors=[None, 128])\n"
       "ty, yii = sch.split(yi, factors=[16, None])\n"
       "tx, xii = sch.split(xi, factors=[16, None])\n"
       "sch.reorder(by, bx, ty, tx, yii, xii)\n"
       "sch.bind(by, 'blockIdx.y')\n"
       "sch.bind(bx, 'blockIdx.x')\n"
       "sch.bind(ty, 'threadIdx.y')\n"
       "sch.bind(tx, 'threadIdx.x')\n"
       "sch.compute_at(c, tx)\n"
       "ci, cj, ck = sch.get_loops(c)[-3:]\n"
       "ko, ki = sch.split(ck, factors=[None, 8])\n"
       "sch.reorder(ko, ki, ci, cj)\n";
  if (unroll_k) s += "sch.unroll(ki)\n";
  s += "for shared in [a_shared, b_shared]:\n"
       "    sch.compute_at(shared, ko)\n"
       "    ax0, ax1 = sch.get_loops(shared)[-2:]\n"
       "    fused = sch.fuse(ax0, ax1)\n"
       "    _, sty, stx = sch.split(fused, factors=[None, 16, 16])\n"
       "    sch.bind(sty, 'threadIdx.y')\n"
       "    sch.bind(stx, 'threadIdx.x')\n";
  return s;
}

// B computed at C's blockIdx loop, its own loop split by 64 and bound to threadIdx.x,
// which C's loop of 128 is bound to as well: one kernel with two extents of threadIdx.x,
// which the lowering refuses as TVM's UnifyThreadBinding does.
inline constexpr const char* kTirMismatchedThreadExtents =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((256,), 'float32', name='A')\n"
    "B = te.compute((256,), lambda i: A[i] * 2.0, name='B')\n"
    "C = te.compute((256,), lambda i: B[i] + 1.0, name='C')\n"
    "sch = tir.Schedule(te.create_prim_func([A, C]))\n"
    "i, = sch.get_loops(sch.get_block('C'))\n"
    "bx, tx = sch.split(i, factors=[None, 128])\n"
    "sch.bind(bx, 'blockIdx.x')\n"
    "sch.bind(tx, 'threadIdx.x')\n"
    "sch.compute_at(sch.get_block('B'), bx)\n"
    "b_loop = sch.get_loops(sch.get_block('B'))[-1]\n"
    "bo, bi = sch.split(b_loop, factors=[None, 64])\n"
    "sch.bind(bi, 'threadIdx.x')\n";

}  // namespace tessera::testing
