# compute_at of a blockized producer: B_o writes B[vi_o * 16:vi_o * 16 + 16] (v * c), so
# it runs at the tile the consumer's loop i_0 needs
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((128,), "float32"), C: T.Buffer((128,), "float32")):
    B = T.alloc_buffer((128,))
    for i in range(128):
        with T.block("B"):
            vi = T.axis.spatial(128, i)
            B[vi] = A[vi] * T.float32(2.0)
    for i in range(128):
        with T.block("C"):
            vi = T.axis.spatial(128, i)
            C[vi] = B[vi] + T.float32(1.0)


sch = tir.Schedule(main)
b_outer, b_inner = sch.split(sch.get_loops(sch.get_block("B"))[0], factors=[None, 16])
sch.blockize(b_inner)
c_outer, c_inner = sch.split(sch.get_loops(sch.get_block("C"))[0], factors=[None, 32])
sch.compute_at(sch.get_block("B_o"), c_outer)
print(sch.mod["main"].script())
print(sch.trace)
