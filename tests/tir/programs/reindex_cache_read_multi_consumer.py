# reindex_cache_read of a buffer read by two blocks: only the block given reads the copy,
# which goes right before it under the shared loop
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
                A[vi] = D[vi] + T.float32(1.0)
        for j in range(16):
            with T.block("B"):
                vi = T.axis.spatial(128, i * 16 + j)
                B[vi] = A[vi] + T.float32(1.0)
    for i in range(128):
        with T.block("C"):
            vi = T.axis.spatial(128, i)
            E[vi] = A[vi] * B[vi]


sch = tir.Schedule(multi_consumer)
sch.reindex_cache_read("B", 0, "shared", lambda i: (i // 32, i % 32))
print(sch.mod["main"].script())
print(sch.trace)
