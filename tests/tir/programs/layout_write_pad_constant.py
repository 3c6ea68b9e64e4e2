# RFC 0077's 14-element buffer tiled by 4: the writer iterates the padded 4 x 4 shape and
# stores the pad value where 4 * io + ii >= 14
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def copy14(A: T.Buffer(14, "float32"), B: T.Buffer(14, "float32")):
    T.func_attr({"tir.noalias": True})
    for i in range(14):
        with T.block("B"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi] + T.float32(1)


sch = tir.Schedule(copy14)
sch.transform_layout(sch.get_block("B"), ("write", 0), lambda i: [i // 4, i % 4], pad_value=0.0)
print(sch.mod["main"].script())
print(sch.trace)
