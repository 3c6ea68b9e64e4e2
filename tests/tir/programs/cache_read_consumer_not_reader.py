# cache_read with a consumer block that does not read the buffer: TVM places the copy
# before the first consumer and leaves that block unchanged
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def chain(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)


sch = tir.Schedule(chain)
sch.cache_read("B", 0, "local", consumer_blocks=["C", "B"])
print(sch.mod["main"].script())
print(sch.trace)
