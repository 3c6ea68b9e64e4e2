# axis separators: set_axis_separator on an intermediate and an output (the parameter
# becomes a T.handle with a T.match_buffer), and IndexMap.AXIS_SEPARATOR in a layout
import tvm
from tvm import tir
from tvm.tir import IndexMap
from tvm.script import tir as T


@T.prim_func
def two_stage(A: T.Buffer((64, 32), "float32"), C: T.Buffer((64, 32), "float32")):
    B = T.alloc_buffer((64, 32))
    for i, j in T.grid(64, 32):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(64, 32):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)


sch = tir.Schedule(two_stage)
sch.set_axis_separator("B", ("write", 0), [1])
sch.set_axis_separator("C", ("write", 0), [1])
sch.transform_layout("C", ("read", 0), lambda i, j: [i // 8, IndexMap.AXIS_SEPARATOR, i % 8, j])
print(sch.mod["main"].script())
print(sch.trace)
