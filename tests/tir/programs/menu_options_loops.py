# The lines the TensorIR loop and block menus write for split, fuse and compute_at with
# their options: a split whose unit outer loop leaves the binding (preserve_unit_iters=
# False), a split without its predicate (disable_predication=True: D runs past column
# 16), a fuse without the unit iterator, and C computed under D's loop keeping its unit
# loops (preserve_unit_loops=True).
import tvm
from tvm import te, tir

A = te.placeholder((16, 64), "float32", name="A")
B = te.placeholder((16, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name="D")
sch = tir.Schedule(te.create_prim_func([A, B, D]))
sch.split(sch.get_loops(sch.get_block("D"))[0], factors=[1, None], preserve_unit_iters=False)
sch.split(sch.get_loops(sch.get_block("D"))[2], factors=[None, 5], disable_predication=True)
sch.fuse(sch.get_loops(sch.get_block("D"))[0], sch.get_loops(sch.get_block("D"))[1], preserve_unit_iters=False)
sch.compute_at(sch.get_block("C"), sch.get_loops(sch.get_block("D"))[1], preserve_unit_loops=True)
print(sch.mod["main"].script())
print(sch.trace)
