# a shared read cache with its rows padded by storage_align
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.placeholder((128, 128), "float32", name="B")
k = te.reduce_axis((0, 128), name="k")
C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
i, j, k = sch.get_loops(b0)
ko, ki = sch.split(k, factors=[None, 16])
sch.reorder(i, ko, j, ki)
a_shared = sch.cache_read(b0, 0, "shared")
sch.compute_at(a_shared, ko)
sch.storage_align(a_shared, 0, axis=0, factor=32, offset=1)
print(sch.mod["main"].script())
print(sch.trace)
