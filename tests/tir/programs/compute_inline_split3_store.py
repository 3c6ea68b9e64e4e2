# compute_inline of a store split three ways (B[vi // 8, vi // 2 % 4, vi % 2]): the
# consumer reads A[vk + vj * 2 + vi * 8]
import tvm
from tvm import tir
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((128,), "float32"), C: T.Buffer((16, 4, 2), "float32")):
    B = T.alloc_buffer((16, 4, 2))
    for i in range(128):
        with T.block("B"):
            vi = T.axis.spatial(128, i)
            B[vi // 8, vi // 2 % 4, vi % 2] = A[vi] * T.float32(2.0)
    for i, j, k in T.grid(16, 4, 2):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            C[vi, vj, vk] = B[vi, vj, vk] + T.float32(1.0)


sch = tir.Schedule(main)
sch.compute_inline(sch.get_block("B"))
print(sch.mod["main"].script())
print(sch.trace)
