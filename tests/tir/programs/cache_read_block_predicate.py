# cache_read of a buffer whose writer and reader run under a T.where predicate: the copy
# covers the buffer, not the 128 iterations of the loops
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def guarded(C: T.Buffer(120, "float32")):
    A = T.alloc_buffer(120)
    for i, j in T.grid(16, 8):
        with T.block("producer"):
            T.where(i * 8 + j < 120)
            ax = T.axis.spatial(120, i * 8 + j)
            A[ax] = T.float32(1.0)
    for i, j in T.grid(16, 8):
        with T.block("consumer"):
            T.where(i * 8 + j < 120)
            ax = T.axis.spatial(120, i * 8 + j)
            C[ax] = A[ax] + T.float32(1.0)


sch = tir.Schedule(guarded)
sch.cache_read("consumer", 0, "shared")
sch.cache_write("producer", 0, "local")
print(sch.mod["main"].script())
print(sch.trace)
