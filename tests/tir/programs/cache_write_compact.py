# cache_write at the top level: the writer stores into a compact copy, indices shifted
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def middle(A: T.Buffer(128, "float32"), C: T.Buffer(64, "float32")):
    B = T.alloc_buffer(128)
    for i in range(64):
        with T.block("B"):
            vi = T.axis.spatial(64, i)
            B[vi + 32] = A[vi + 32] * T.float32(2.0)
    for i in range(64):
        with T.block("C"):
            vi = T.axis.spatial(64, i)
            C[vi] = B[vi + 32] + T.float32(1.0)


sch = tir.Schedule(middle)
sch.cache_write("B", 0, "local")
print(sch.mod["main"].script())
print(sch.trace)
