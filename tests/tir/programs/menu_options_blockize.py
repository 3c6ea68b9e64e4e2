# The lines the TensorIR loop menu writes for blockize with its option: D's j split by
# 16 leaves an outer loop of extent 1, and the outer block D_o drops its iterator
# (preserve_unit_iters=False).
import tvm
from tvm import te, tir

A = te.placeholder((16, 64), "float32", name="A")
B = te.placeholder((16, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name="D")
sch = tir.Schedule(te.create_prim_func([A, B, D]))
sch.split(sch.get_loops(sch.get_block("D"))[1], factors=[None, 16])
sch.blockize(sch.get_loops(sch.get_block("D"))[2], preserve_unit_iters=False)
print(sch.mod["main"].script())
print(sch.trace)
