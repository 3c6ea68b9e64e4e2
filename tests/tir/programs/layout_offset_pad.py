# RFC 0077's offset layout: 14 elements placed from index 2 of 2 x 8 rows
# (lambda i: [(i + 2) // 8, (i + 2) % 8]); the padding is the first two cells
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def copy14(A: T.Buffer(14, "float32"), B: T.Buffer(14, "float32")):
    T.func_attr({"tir.noalias": True})
    for i in range(14):
        with T.block("B"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi] * T.float32(3)


sch = tir.Schedule(copy14)
sch.transform_layout("B", ("write", 0), lambda i: [(i + 2) // 8, (i + 2) % 8], pad_value=0.0)
print(sch.mod["main"].script())
print(sch.trace)
