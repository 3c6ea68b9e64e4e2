# pad_value as a function of the transformed indices (TVM's non-constant pad value):
# the padding of B holds io + ii
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def iota14(B: T.Buffer(14, "int32")):
    T.func_attr({"tir.noalias": True})
    for i in range(14):
        with T.block("B"):
            vi = T.axis.spatial(14, i)
            B[vi] = vi


sch = tir.Schedule(iota14)
sch.transform_layout("B", ("write", 0), lambda i: [i // 4, i % 4], pad_value=lambda io, ii: io + ii)
print(sch.mod["main"].script())
print(sch.trace)
