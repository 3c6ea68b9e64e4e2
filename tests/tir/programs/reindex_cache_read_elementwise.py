# reindex_cache_read: the copy is indexed by the index map of the block's iterators
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)


sch = tir.Schedule(elementwise)
sch.reindex_cache_read("C", 0, "shared", lambda i, j: (j, i // 2, i % 2))
print(sch.mod["main"].script())
print(sch.trace)
