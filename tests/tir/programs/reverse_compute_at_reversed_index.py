# reverse_compute_at of a consumer reading its producer backwards (`B[15 - vi]`): the
# consumer's loop runs forward over the tile the producer's loop wrote
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
io, ii = sch.split(sch.get_loops(sch.get_block("B"))[0], [4, 4])
sch.reverse_compute_at(sch.get_block("C"), io)
print(sch.mod["main"].script())
print(sch.trace)
