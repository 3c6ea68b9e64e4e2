# a sampled unroll depth (fixed decision) as a block annotation
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.compute((128, 128), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((128, 128), lambda i, j: B[i, j] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
c = sch.get_block("C")
v = sch.sample_categorical(candidates=[0, 16, 64], probs=[0.25, 0.5, 0.25], decision=2)
sch.annotate(c, "meta_schedule.unroll_explicit", v)
print(sch.mod["main"].script())
print(sch.trace)
