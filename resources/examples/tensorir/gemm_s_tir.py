# GEMM as TensorIR in TVM 0.24+'s spelling: s_tir.Schedule and get_sblock
import tvm
from tvm import te, s_tir

M = 256
N = 256
K = 256
A = te.placeholder((M, K), "float32", name="A")
B = te.placeholder((K, N), "float32", name="B")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

sch = s_tir.Schedule(te.create_prim_func([A, B, C]))
c = sch.get_sblock("C")
i, j, k = sch.get_loops(c)
io, ii = sch.split(i, factors=[None, 32])
jo, ji = sch.split(j, factors=[None, 32])
sch.reorder(io, jo, k, ii, ji)
sch.vectorize(ji)
sch.parallel(io)
