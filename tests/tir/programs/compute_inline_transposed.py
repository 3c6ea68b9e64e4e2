# compute_inline of a block storing B[vj, vi]: a bijective affine store, inlined through
# its inverse (the consumer reads A[vj, vi])
import tvm
from tvm import tir
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16, 32), "float32"), C: T.Buffer((32, 16), "float32")):
    B = T.alloc_buffer((32, 16))
    for i, j in T.grid(16, 32):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vj, vi] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(32, 16):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)


sch = tir.Schedule(main)
sch.compute_inline(sch.get_block("B"))
print(sch.mod["main"].script())
print(sch.trace)
