# the GPU GEMM example: shared cache blocks computed at the k loop under thread-bound
# loops get the region of every thread of the block (threadIdx relaxed for "shared")
import tvm
from tvm import te, tir

M = 1024
N = 1024
K = 1024
A = te.placeholder((M, K), "float32", name="A")
B = te.placeholder((K, N), "float32", name="B")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

sch = tir.Schedule(te.create_prim_func([A, B, C]))
c = sch.get_block("C")
a_shared = sch.cache_read(c, 0, "shared")
b_shared = sch.cache_read(c, 1, "shared")
c_local = sch.cache_write(c, 0, "local")
i, j = sch.get_loops(c_local)
by, yi = sch.split(i, factors=[None, 128])
bx, xi = sch.split(j, factors=[None, 128])
ty, yii = sch.split(yi, factors=[16, None])
tx, xii = sch.split(xi, factors=[16, None])
sch.reorder(by, bx, ty, tx, yii, xii)
sch.bind(by, "blockIdx.y")
sch.bind(bx, "blockIdx.x")
sch.bind(ty, "threadIdx.y")
sch.bind(tx, "threadIdx.x")
sch.compute_at(c, tx)
ci, cj, ck = sch.get_loops(c)[-3:]
ko, ki = sch.split(ck, factors=[None, 8])
sch.reorder(ko, ki, ci, cj)
sch.unroll(ki)
sch.unroll(ci)
sch.unroll(cj)
for shared in [a_shared, b_shared]:
    sch.compute_at(shared, ko)
    ax0, ax1 = sch.get_loops(shared)[-2:]
    fused = sch.fuse(ax0, ax1)
    _, sty, stx = sch.split(fused, factors=[None, 16, 16])
    sch.bind(sty, "threadIdx.y")
    sch.bind(stx, "threadIdx.x")
print(sch.mod["main"].script())
print(sch.trace)
