# a sampled compute location (fixed decision) used by compute_at
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.compute((128, 128), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((128, 128), lambda i, j: B[i, j] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
b = sch.get_block("B")
loc = sch.sample_compute_location(b, decision=1)
sch.compute_at(b, loc)
print(sch.mod["main"].script())
print(sch.trace)
