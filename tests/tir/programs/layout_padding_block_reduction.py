# a padded output written by a reduction: its writer may not overcompute (it reads what it
# writes), so the block C_padding fills the padding after it
import tvm
from tvm import te, tir

A = te.placeholder((14, 16), "float32", name="A")
k = te.reduce_axis((0, 16), name="k")
C = te.compute((14,), lambda i: te.sum(A[i, k], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
sch.transform_layout("C", ("write", 0), lambda i: (i // 4, i % 4), pad_value=0.0)
print(sch.mod["main"].script())
print(sch.trace)
