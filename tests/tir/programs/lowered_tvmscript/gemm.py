import tvm
from tvm import te, tir

A = te.placeholder((64, 48), "float32", name="A")
B = te.placeholder((48, 64), "float32", name="B")
k = te.reduce_axis((0, 48), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
c = sch.get_block("C")
i, j, k = sch.get_loops(c)
io, ii = sch.split(i, factors=[None, 16])
sch.reorder(io, k, ii, j)
