# compute_inline of a store that transposes and splits (B[vj, vi // 4, vi % 4])
import tvm
from tvm import tir
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8, 16), "float32"), C: T.Buffer((16, 2, 4), "float32")):
    B = T.alloc_buffer((16, 2, 4))
    for i, j in T.grid(8, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vj, vi // 4, vi % 4] = A[vi, vj] * T.float32(2.0)
    for i, j, k in T.grid(16, 2, 4):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            C[vi, vj, vk] = B[vi, vj, vk] + T.float32(1.0)


sch = tir.Schedule(main)
sch.compute_inline(sch.get_block("B"))
print(sch.mod["main"].script())
print(sch.trace)
