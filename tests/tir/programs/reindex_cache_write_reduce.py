# reindex_cache_write of two reductions (TVM's test_reindex_cache_write_reduce): the init
# writes the cache too; C's copy keeps only the iterators its store uses
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def reduce(A: T.Buffer((16, 16, 16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    B = T.alloc_buffer((16, 16, 16))
    for i, j, k in T.grid(16, 16, 16):
        for l in range(16):
            with T.block("B"):
                vi, vj, vk, vl = T.axis.remap("SSSR", [i, j, k, l])
                with T.init():
                    B[vi, vj, vk] = T.float32(0)
                B[vi, vj, vk] = B[vi, vj, vk] + A[vi, vj, vk, vl]
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + B[vi, vj, vk]


sch = tir.Schedule(reduce)
sch.reindex_cache_write("B", 0, "shared", lambda i, j, k, l: (j, i, k))
sch.reindex_cache_write("C", 0, "shared", lambda i, j, k: [j, i])
print(sch.mod["main"].script())
print(sch.trace)
