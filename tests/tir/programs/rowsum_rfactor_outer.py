# rfactor of the outer part, factor axis 1
import tvm
from tvm import te, tir

A = te.placeholder((64, 256), "float32", name="A")
k = te.reduce_axis((0, 256), name="k")
B = te.compute((64,), lambda i: te.sum(A[i, k], axis=k), name="B")
sch = tir.Schedule(te.create_prim_func([A, B]))
b = sch.get_block("B")
i, k = sch.get_loops(b)
ko, ki = sch.split(k, factors=[4, None])
rf = sch.rfactor(ko, 1)
print(sch.mod["main"].script())
print(sch.trace)
