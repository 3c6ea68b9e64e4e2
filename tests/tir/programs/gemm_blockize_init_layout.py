# transform_layout of the buffer a blockized reduction writes: the init nest's block
# stores through the map as the update does
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    A2 = T.alloc_buffer((64, 64))
    for i, j in T.grid(64, 64):
        with T.block("A2"):
            vi, vj = T.axis.remap("SS", [i, j])
            A2[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j, k in T.grid(64, 64, 64):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A2[vi, vk] * B[vk, vj]


sch = tir.Schedule(main)
i, j, k = sch.get_loops(sch.get_block("C"))
io, ii = sch.split(i, factors=[None, 16])
jo, ji = sch.split(j, factors=[None, 16])
ko, ki = sch.split(k, factors=[None, 16])
sch.reorder(io, jo, ko, ii, ji, ki)
outer = sch.blockize(ii)
sch.transform_layout(outer, ("write", 0), lambda i, j: (j // 8, i, j % 8))
print(sch.mod["main"].script())
print(sch.trace)
