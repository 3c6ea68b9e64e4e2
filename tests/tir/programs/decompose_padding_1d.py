# decompose_padding of a 1-D padding block: the constant fill over the whole buffer,
# then the in-bound copy over the shifted range of its loop
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def pad1d(x: T.Buffer(128, "int32"), y: T.Buffer(140, "int32")):
    for i in range(140):
        with T.block("block"):
            vi = T.axis.remap("S", [i])
            y[vi] = T.if_then_else(vi >= 6 and vi < 134, x[vi - 6], 0)


sch = tir.Schedule(pad1d)
block = sch.get_block("block")
sch.decompose_padding(block, sch.get_loops(block)[0])
print(sch.mod["main"].script())
# TVM 0.20 cannot print a trace that holds decompose_padding (its printer is handed the
# loop as a name where it declares a LoopRV), so only the function is compared.
