# sampled tile sizes with fixed decisions, used by split
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.placeholder((128, 128), "float32", name="B")
k = te.reduce_axis((0, 128), name="k")
C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
i, j, k = sch.get_loops(b0)
f0 = sch.sample_perfect_tile(i, n=3, max_innermost_factor=16, decision=[4, 4, 8])
f1 = sch.sample_perfect_tile(j, n=2, max_innermost_factor=64, decision=[2, 64])
i0, i1, i2 = sch.split(i, factors=f0)
j0, j1 = sch.split(j, factors=f1)
sch.reorder(i0, j0, i1, k, i2, j1)
print(sch.mod["main"].script())
print(sch.trace)
