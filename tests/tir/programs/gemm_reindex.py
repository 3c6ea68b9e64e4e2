# reindex of the output and of an input
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.placeholder((128, 128), "float32", name="B")
k = te.reduce_axis((0, 128), name="k")
C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
i, j, k = sch.get_loops(b0)
r0 = sch.reindex(b0, ("write", 0))
r1 = sch.reindex(b0, ("read", 0))
print(sch.mod["main"].script())
print(sch.trace)
