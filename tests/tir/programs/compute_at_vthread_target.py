# compute_at at the vthread loop itself: the target loop is relaxed for a "shared" buffer
# (one copy for every virtual thread, as for threadIdx) and kept for a "local" one
import tvm
from tvm import te, tir

A = te.placeholder((64, 32), "float32", name="A")
B = te.compute((64, 32), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((64, 32), lambda i, j: B[i, j] + 1.0, name="C")
D = te.compute((64, 32), lambda i, j: C[i, j] - 3.0, name="D")
sch = tir.Schedule(te.create_prim_func([A, D]))
b = sch.get_block("B")
c = sch.get_block("C")
d = sch.get_block("D")
sch.set_scope(b, 0, "shared")
sch.set_scope(c, 0, "local")
i, j = sch.get_loops(d)
bx, vx, ii = sch.split(i, factors=[4, 2, None])
sch.bind(bx, "blockIdx.x")
sch.bind(vx, "vthread.x")
sch.compute_at(c, vx)
sch.compute_at(b, vx)
print(sch.mod["main"].script())
print(sch.trace)
