# transform_block_layout on a reduction block: the spatial iterators fused, the reduction
# one kept, each new iterator taking the kind of the iterators it uses
import tvm
from tvm import te, tir

A = te.placeholder((32, 16), "float32", name="A")
B = te.placeholder((16, 8), "float32", name="B")
k = te.reduce_axis((0, 16), name="k")
C = te.compute((32, 8), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
sch.transform_block_layout("C", lambda i, j, k: (j * 32 + i, k))
print(sch.mod["main"].script())
print(sch.trace)
