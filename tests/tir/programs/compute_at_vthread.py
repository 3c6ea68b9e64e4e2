# compute_at under a loop bound to vthread.x: a "shared" buffer is relaxed over the
# vthread and threadIdx loops above the target (TVM ranks vthread with threadIdx), a
# "local" one over neither, a "global" one over none
import tvm
from tvm import te, tir

A = te.placeholder((128, 64), "float32", name="A")
B = te.compute((128, 64), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((128, 64), lambda i, j: B[i, j] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
b = sch.get_block("B")
c = sch.get_block("C")
a_shared = sch.cache_read(b, 0, "shared")
a_local = sch.cache_read(b, 0, "local")
i, j = sch.get_loops(c)
bx, vx, tx = sch.split(i, factors=[None, 2, 16])
jo, ji = sch.split(j, factors=[None, 8])
sch.reorder(bx, vx, tx, jo, ji)
sch.bind(bx, "blockIdx.x")
sch.bind(vx, "vthread.x")
sch.bind(tx, "threadIdx.x")
sch.compute_at(b, jo)
sch.compute_at(a_local, jo)
sch.compute_at(a_shared, jo)
print(sch.mod["main"].script())
print(sch.trace)
