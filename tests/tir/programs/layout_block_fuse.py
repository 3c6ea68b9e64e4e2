# transform_block_layout fusing a block's two iterators into one (TVM's docstring example)
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
sch.transform_block_layout(sch.get_block("B"), lambda i, j: (i * 16 + j,))
print(sch.mod["main"].script())
print(sch.trace)
