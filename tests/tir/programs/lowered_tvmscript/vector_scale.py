import tvm
from tvm import te, tir

A = te.placeholder((64, 64), "float32", name="A")
B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name="B")
sch = tir.Schedule(te.create_prim_func([A, B]))
i, j = sch.get_loops(sch.get_block("B"))
jo, ji = sch.split(j, factors=[None, 8])
sch.parallel(i)
sch.vectorize(ji)
