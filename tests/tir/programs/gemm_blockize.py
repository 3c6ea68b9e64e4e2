# blockize the inner tile into an outer block
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.placeholder((128, 128), "float32", name="B")
k = te.reduce_axis((0, 128), name="k")
C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
i, j, k = sch.get_loops(b0)
sch.decompose_reduction(b0, i)
u = sch.get_block("C_update")
i, j, k = sch.get_loops(u)
jo, ji = sch.split(j, factors=[None, 16])
sch.reorder(i, jo, k, ji)
outer = sch.blockize(ji)
print(sch.mod["main"].script())
print(sch.trace)
