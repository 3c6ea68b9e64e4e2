# vectorize the inner loop of a tile and unroll the reduction
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.placeholder((128, 128), "float32", name="B")
k = te.reduce_axis((0, 128), name="k")
C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
i, j, k = sch.get_loops(b0)
jo, ji = sch.split(j, factors=[None, 8])
sch.reorder(i, jo, k, ji)
sch.vectorize(ji)
ko, ki = sch.split(k, factors=[None, 4])
sch.unroll(ki)
print(sch.mod["main"].script())
print(sch.trace)
