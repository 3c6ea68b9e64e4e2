# compute_at of a block storing B[vi + 1]: the offset map is inverted (vi = row - 1)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    B = T.alloc_buffer((17,))
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B[vi + 1] = A[vi] * T.float32(2.0)
    for i_0, i_1 in T.grid(4, 4):
        with T.block("C"):
            vi = T.axis.spatial(16, i_0 * 4 + i_1)
            C[vi] = B[vi + 1] + T.float32(1.0)


sch = tir.Schedule(main)
sch.compute_at(sch.get_block("B"), sch.get_loops(sch.get_block("C"))[0])
print(sch.mod["main"].script())
print(sch.trace)
