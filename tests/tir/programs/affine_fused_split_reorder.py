# loops split from a fused loop keep an affine binding ((f_0 * 32 + f_1) // 128), so
# they reorder
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.compute((128, 128), lambda i, j: A[i, j] * 2.0, name="B")
sch = tir.Schedule(te.create_prim_func([A, B]))
b = sch.get_block("B")
i, j = sch.get_loops(b)
f = sch.fuse(i, j)
f0, f1 = sch.split(f, factors=[None, 32])
f00, f01 = sch.split(f0, factors=[None, 4])
sch.reorder(f01, f00)
print(sch.mod["main"].script())
print(sch.trace)
