# a padded buffer written in transposed order: the writer cannot simply iterate the padded
# shape, so TVM fills the padding in a block of its own after it
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def transpose(A: T.Buffer((14, 16), "float32"), B: T.Buffer((14, 16), "float32")):
    T.func_attr({"tir.noalias": True})
    for j, i in T.grid(16, 14):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj]


sch = tir.Schedule(transpose)
sch.transform_layout("B", ("write", 0), lambda i, j: [i // 4, j, i % 4], pad_value=-1.0)
print(sch.mod["main"].script())
print(sch.trace)
