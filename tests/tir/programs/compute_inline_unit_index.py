# compute_inline of a store indexed 0 by an iterator of extent 1 (B[0, vj]): still the
# plain pattern
import tvm
from tvm import tir
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((1, 16), "float32"), C: T.Buffer((1, 16), "float32")):
    B = T.alloc_buffer((1, 16))
    for i, j in T.grid(1, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[0, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(1, 16):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)


sch = tir.Schedule(main)
sch.compute_inline(sch.get_block("B"))
print(sch.mod["main"].script())
print(sch.trace)
