# a reduction block writing two buffers (a row's sum and sum of squares, as a layer norm
# computes them) computed at the row loop of its consumer: both outputs are needed for
# the row, so the reduction runs over that row only, init included
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((16, 32), "float32"), O: T.Buffer((16, 32), "float32")):
    S = T.alloc_buffer((16,))
    Q = T.alloc_buffer((16,))
    for i, k in T.grid(16, 32):
        with T.block("stats"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                S[vi] = T.float32(0.0)
                Q[vi] = T.float32(0.0)
            S[vi] = S[vi] + A[vi, vk]
            Q[vi] = Q[vi] + A[vi, vk] * A[vi, vk]
    for i, j in T.grid(16, 32):
        with T.block("O"):
            vi, vj = T.axis.remap("SS", [i, j])
            O[vi, vj] = (A[vi, vj] - S[vi] * T.float32(0.03125)) * Q[vi]


sch = tir.Schedule(main)
stats = sch.get_block("stats")
o = sch.get_block("O")
i, j = sch.get_loops(o)
sch.compute_at(stats, i)
sch.decompose_reduction(stats, sch.get_loops(stats)[1])
print(sch.mod["main"].script())
print(sch.trace)
