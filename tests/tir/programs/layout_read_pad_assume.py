# RFC 0077's padded input: A (14 int32) tiled by 4 with pad_value=-1 is an input nobody
# writes, so the function first states the assumption about its padding
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def copy14(A: T.Buffer(14, "int32"), B: T.Buffer(14, "int32")):
    T.func_attr({"tir.noalias": True})
    for i in range(14):
        with T.block("B"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi] * 2


sch = tir.Schedule(copy14)
sch.transform_layout("B", "A", lambda i: [i // 4, i % 4], pad_value=-1)
print(sch.mod["main"].script())
print(sch.trace)
