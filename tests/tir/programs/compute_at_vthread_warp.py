# a "warp" buffer computed at a loop under vthread.x, threadIdx.y and threadIdx.x: only
# the lanes of threadIdx.x share it, so only that loop is relaxed (TVM's
# CanRelaxStorageUnderThread); a "shared" one beside it is relaxed over all three
import tvm
from tvm import te, tir

A = te.placeholder((64, 64), "float32", name="A")
B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name="B")
W = te.compute((64, 64), lambda i, j: A[i, j] + 2.0, name="W")
C = te.compute((64, 64), lambda i, j: B[i, j] + W[i, j], name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
b = sch.get_block("B")
w = sch.get_block("W")
c = sch.get_block("C")
sch.set_scope(b, 0, "shared")
sch.set_scope(w, 0, "warp")
i, j = sch.get_loops(c)
bx, vy, ty = sch.split(i, factors=[4, 2, 8])
vx, tx, jj = sch.split(j, factors=[2, 32, None])
sch.reorder(bx, vy, vx, ty, tx, jj)
sch.bind(bx, "blockIdx.x")
sch.bind(vy, "vthread.y")
sch.bind(vx, "vthread.x")
sch.bind(ty, "threadIdx.y")
sch.bind(tx, "threadIdx.x")
sch.compute_at(w, tx)
sch.compute_at(b, tx)
print(sch.mod["main"].script())
print(sch.trace)
