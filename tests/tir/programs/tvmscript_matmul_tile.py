# A matmul written in TVMScript the way TVM's schedule tests write it, tiled
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def matmul(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, [128, 128])
    B = T.match_buffer(b, [128, 128])
    C = T.match_buffer(c, [128, 128])
    for i, j, k in T.grid(128, 128, 128):
        with T.block("update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]


sch = tir.Schedule(matmul)
b0 = sch.get_block("update")
i, j, k = sch.get_loops(b0)
io, ii = sch.split(i, factors=[None, 16])
jo, ji = sch.split(j, factors=[None, 16])
sch.reorder(io, jo, k, ii, ji)
sch.vectorize(ji)
print(sch.mod["main"].script())
print(sch.trace)
