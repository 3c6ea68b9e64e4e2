# decompose_padding with int64 loops and indices, at the innermost loop: the outer
# loops stay, the in-bound copy keeps the condition as a T.where
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def before(x: T.Buffer((T.int64(1), T.int64(128), T.int64(128)), "int32"), y: T.Buffer((T.int64(1), T.int64(140), T.int64(128)), "int32")):
    for b, i, j in T.grid(T.int64(1), T.int64(140), T.int64(128)):
        with T.block("block"):
            vb, vi, vj = T.axis.remap("SSS", [b, i, j])
            y[vb, vi, vj] = T.if_then_else(vi < T.int64(128), x[vb, vi, vj], 0)


sch = tir.Schedule(before)
block = sch.get_block("block")
sch.decompose_padding(block, sch.get_loops(block)[2])
print(sch.mod["main"].script())
# TVM 0.20 cannot print a trace that holds decompose_padding (its printer is handed the
# loop as a name where it declares a LoopRV), so only the function is compared.
