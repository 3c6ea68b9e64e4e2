# reverse_compute_at of a block reading B[vi * 32 + vj] (a bijective affine map of its
# iterators) under the producer's loop i
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((16, 32), "float32"), C: T.Buffer((16, 32), "float32")):
    B = T.alloc_buffer((512,))
    for i, j in T.grid(16, 32):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi * 32 + vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(16, 32):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi * 32 + vj] + T.float32(1.0)


sch = tir.Schedule(main)
sch.reverse_compute_at(sch.get_block("C"), sch.get_loops(sch.get_block("B"))[0])
print(sch.mod["main"].script())
print(sch.trace)
