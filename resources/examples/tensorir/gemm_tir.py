# GEMM as TensorIR: te.create_prim_func, then scheduled with tir.Schedule (TVM 0.20-0.23)
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
io, ii = sch.split(i, factors=[None, 32])
jo, ji = sch.split(j, factors=[None, 32])
sch.reorder(io, jo, k, ii, ji)
sch.vectorize(ji)
sch.parallel(io)
