# compute_at of a producer under a consumer tile that reads it backwards (`B[15 - vi]`):
# the producer computes the mirrored tile
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def flip_tiled(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    B = T.alloc_buffer((16,), "float32")
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B[vi] = A[vi] * 2.0
    for i in range(16):
        with T.block("C"):
            vi = T.axis.spatial(16, i)
            C[vi] = B[15 - vi] + 1.0


sch = tir.Schedule(flip_tiled)
o, _ = sch.split(sch.get_loops(sch.get_block("C"))[0], [None, 8])
sch.compute_at(sch.get_block("B"), o)
print(sch.mod["main"].script())
print(sch.trace)
