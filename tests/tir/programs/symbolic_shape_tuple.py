# Shape variables declared together (`M, N, K = T.int32(), T.int32(), T.int32()`, as
# TVM's tutorial tir_creation.py writes them), a GEMM with ReLU tiled on them.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def mm_relu(a: T.handle, b: T.handle, c: T.handle):
    M, N, K = T.int32(), T.int32(), T.int32()
    A = T.match_buffer(a, [M, K], "float32")
    B = T.match_buffer(b, [K, N], "float32")
    C = T.match_buffer(c, [M, N], "float32")
    Y = T.alloc_buffer((M, N), "float32")
    for i, j, k in T.grid(M, N, K):
        with T.block("Y"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                Y[vi, vj] = T.float32(0)
            Y[vi, vj] = Y[vi, vj] + A[vi, vk] * B[vk, vj]
    for i, j in T.grid(M, N):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = T.max(Y[vi, vj], T.float32(0))


sch = tir.Schedule(mm_relu)
y = sch.get_block("Y")
i, j, k = sch.get_loops(y)
j0, j1 = sch.split(j, factors=[None, 8])
sch.reorder(i, j0, k, j1)
sch.reverse_compute_at(sch.get_block("C"), j0)
print(sch.mod["main"].script())
print(sch.trace)
