# rfactor of the inner part of a split reduction
import tvm
from tvm import te, tir

A = te.placeholder((64, 256), "float32", name="A")
k = te.reduce_axis((0, 256), name="k")
B = te.compute((64,), lambda i: te.sum(A[i, k], axis=k), name="B")
sch = tir.Schedule(te.create_prim_func([A, B]))
b = sch.get_block("B")
i, k = sch.get_loops(b)
ko, ki = sch.split(k, factors=[None, 16])
rf = sch.rfactor(ki, 0)
print(sch.mod["main"].script())
print(sch.trace)
