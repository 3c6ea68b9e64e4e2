# compute_at under thread-bound loops relaxes them by the storage scope of the buffer:
# a "shared" copy covers every threadIdx of the block, a "local" one one thread only, a
# "global" one relaxes no thread loop
import tvm
from tvm import te, tir

A = te.placeholder((256, 64), "float32", name="A")
B = te.compute((256, 64), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((256, 64), lambda i, j: B[i, j] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
b = sch.get_block("B")
c = sch.get_block("C")
a_shared = sch.cache_read(b, 0, "shared")
a_local = sch.cache_read(b, 0, "local")
sch.set_scope(b, 0, "global")
i, j = sch.get_loops(c)
bx, tx = sch.split(i, factors=[None, 32])
ty, jj = sch.split(j, factors=[8, None])
sch.reorder(bx, tx, ty, jj)
sch.bind(bx, "blockIdx.x")
sch.bind(tx, "threadIdx.x")
sch.bind(ty, "threadIdx.y")
sch.compute_at(b, ty)
sch.compute_at(a_local, ty)
sch.compute_at(a_shared, ty)
print(sch.mod["main"].script())
print(sch.trace)
