# compute_at keeping unit loops
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.compute((128, 128), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((128, 128), lambda i, j: B[i, j] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
b = sch.get_block("B")
c = sch.get_block("C")
i, j = sch.get_loops(c)
jo, ji = sch.split(j, factors=[None, 1])
sch.compute_at(b, jo, preserve_unit_loops=True)
print(sch.mod["main"].script())
print(sch.trace)
