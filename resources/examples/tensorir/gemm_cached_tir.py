# GEMM as TensorIR with a local accumulator: 32x32 tiles, C accumulated in a "local"
# buffer written back per tile (cache_write + reverse_compute_at), the inner loop
# vectorized, the row tiles run in parallel, and the init split out last
# (decompose_reduction: vectorize refuses the update block it leaves, as TVM does)
import tvm
from tvm import te, tir

M = 256
N = 256
K = 256
A = te.placeholder((M, K), "float32", name="A")
B = te.placeholder((K, N), "float32", name="B")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

sch = tir.Schedule(te.create_prim_func([A, B, C]))
c = sch.get_block("C")
i, j, k = sch.get_loops(c)
i0, i1 = sch.split(i, factors=[None, 32])
j0, j1 = sch.split(j, factors=[None, 32])
k0, k1 = sch.split(k, factors=[None, 4])
sch.reorder(i0, j0, k0, i1, k1, j1)
c_local = sch.cache_write(c, 0, "local")
sch.reverse_compute_at(c_local, j0)
sch.vectorize(j1)
sch.parallel(i0)
sch.decompose_reduction(c, k0)
