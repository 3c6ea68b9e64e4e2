# TVMScript with explicit T.axis.spatial / T.axis.reduce bindings, reads/writes and a fuse
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def rowsum(A: T.Buffer((32, 64), "float32"), B: T.Buffer((32,), "float32")):
    for i, k in T.grid(32, 64):
        with T.block("B"):
            vi = T.axis.spatial(32, i)
            vk = T.axis.reduce(64, k)
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]


sch = tir.Schedule(rowsum)
b = sch.get_block("B")
i, k = sch.get_loops(b)
ko, ki = sch.split(k, factors=[4, None])
sch.decompose_reduction(b, ko)
print(sch.mod["main"].script())
print(sch.trace)
