# transform_layout of an input read by an elementwise block: A tiled 4 x 4, no padding
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def scale(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    T.func_attr({"tir.noalias": True})
    for i, j in T.grid(16, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)


sch = tir.Schedule(scale)
b = sch.get_block("B")
sch.transform_layout(b, ("read", 0), lambda i, j: (i // 4, j // 4, i % 4, j % 4))
print(sch.mod["main"].script())
print(sch.trace)
