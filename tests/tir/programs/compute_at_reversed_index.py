# compute_at where a block's region counts down from a constant (`Y[9 - vi, 9 - vj]`):
# each iterator is solved for the rows needed (TVM's inverse of a scale -1 iterator)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def transpose_reversed(X: T.Buffer((10, 10), "float32"), Z: T.Buffer((10, 10), "float32")):
    Y = T.alloc_buffer([10, 10], "float32")
    for i, j in T.grid(10, 10):
        with T.block("b0"):
            vi, vj = T.axis.remap("SS", [i, j])
            Y[9 - vi, 9 - vj] = X[vi, vj] + 1.0
    for i, j in T.grid(10, 10):
        with T.block("b1"):
            vi, vj = T.axis.remap("SS", [i, j])
            Z[vi, vj] = Y[vj, vi] + 2.0


sch = tir.Schedule(transpose_reversed)
sch.compute_at(sch.get_block("b0"), sch.get_loops(sch.get_block("b1"))[0])
print(sch.mod["main"].script())
print(sch.trace)
