# cache_write whose copy B reads directly: the write-back goes where C reads
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def multi_consumer(D: T.Buffer(128, "float32"), E: T.Buffer(128, "float32")):
    A = T.alloc_buffer(128)
    B = T.alloc_buffer(128)
    for i in range(8):
        for j in range(16):
            with T.block("A"):
                vi = T.axis.spatial(128, i * 16 + j)
                A[vi] = T.float32(1.0) + D[vi]
        for j in range(16):
            with T.block("B"):
                vi = T.axis.spatial(128, i * 16 + j)
                B[vi] = A[vi] + T.float32(1.0)
    for i in range(128):
        with T.block("C"):
            vi = T.axis.spatial(128, i)
            E[vi] = A[vi] * B[vi]


sch = tir.Schedule(multi_consumer)
sch.cache_write("A", 0, "local", consumer_blocks=["B"])
print(sch.mod["main"].script())
print(sch.trace)
