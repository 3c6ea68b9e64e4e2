# T.index_map for the layout and assume_injective_transform=True: no padding check, the
# buffer takes the map's range
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def copy(A: T.Buffer((12, 4), "float32"), B: T.Buffer((12, 4), "float32")):
    T.func_attr({"tir.noalias": True})
    for i, j in T.grid(12, 4):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj]


sch = tir.Schedule(copy)
sch.transform_layout(
    "B", ("write", 0), T.index_map(lambda i, j: (i * 4 + j,)), assume_injective_transform=True
)
print(sch.mod["main"].script())
print(sch.trace)
