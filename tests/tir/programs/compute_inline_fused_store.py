# compute_inline of a block storing B[vi * 32 + vj] (a fused index): the consumer
# reads A[vi // 32, vi % 32]
import tvm
from tvm import tir
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16, 32), "float32"), C: T.Buffer((512,), "float32")):
    B = T.alloc_buffer((512,))
    for i, j in T.grid(16, 32):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi * 32 + vj] = A[vi, vj] * T.float32(2.0)
    for i in range(512):
        with T.block("C"):
            vi = T.axis.spatial(512, i)
            C[vi] = B[vi] + T.float32(1.0)


sch = tir.Schedule(main)
sch.compute_inline(sch.get_block("B"))
print(sch.mod["main"].script())
print(sch.trace)
