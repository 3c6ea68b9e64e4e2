# a consumer of a block that writes two buffers, moved under the producer's loop: it runs
# over the union of what it may consume of either buffer per iteration (B at its rows, C
# one row further), clipped to its own domain by a predicate
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((32, 16), "float32"), D: T.Buffer((31, 16), "float32")):
    B = T.alloc_buffer((32, 16))
    C = T.alloc_buffer((32, 16))
    for i, j in T.grid(32, 16):
        with T.block("BC"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
            C[vi, vj] = A[vi, vj] + T.float32(1.0)
    for i, j in T.grid(31, 16):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = B[vi, vj] + C[vi + 1, vj]


sch = tir.Schedule(main)
bc = sch.get_block("BC")
d = sch.get_block("D")
i, j = sch.get_loops(bc)
io, ii = sch.split(i, factors=[None, 8])
sch.reverse_compute_at(d, io)
print(sch.mod["main"].script())
print(sch.trace)
