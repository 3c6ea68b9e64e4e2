# compute_inline of a block storing B[vi // 4, vi % 4] (a split index): the consumer
# reads A[vj + vi * 4]
import tvm
from tvm import tir
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((128,), "float32"), C: T.Buffer((32, 4), "float32")):
    B = T.alloc_buffer((32, 4))
    for i in range(128):
        with T.block("B"):
            vi = T.axis.spatial(128, i)
            B[vi // 4, vi % 4] = A[vi] * T.float32(2.0)
    for i, j in T.grid(32, 4):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)


sch = tir.Schedule(main)
sch.compute_inline(sch.get_block("B"))
print(sch.mod["main"].script())
print(sch.trace)
