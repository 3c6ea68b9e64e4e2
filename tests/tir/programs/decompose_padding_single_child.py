# decompose_padding at an inner loop of a padding nest: the loops above it stay shared,
# the fill and the copy get their own loops below it
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def pad_op(x: T.Buffer((1, 16, 225, 225), "int8"), y: T.Buffer((1, 16, 231, 231), dtype="int8")):
    for i0, i1, i2, i3 in T.grid(1, 16, 231, 231):
        with T.block("pad_temp"):
            ax0, ax1, ax2, ax3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            y[ax0, ax1, ax2, ax3] = T.if_then_else(
                3 <= ax2 and ax2 < 228 and 3 <= ax3 and ax3 < 228,
                x[ax0, ax1, ax2 - 3, ax3 - 3],
                T.int8(0),
            )


sch = tir.Schedule(pad_op)
pad = sch.get_block("pad_temp")
_, _, h, _ = sch.get_loops(pad)
sch.decompose_padding(pad, h)
print(sch.mod["main"].script())
# TVM 0.20 cannot print a trace that holds decompose_padding (its printer is handed the
# loop as a name where it declares a LoopRV), so only the function is compared.
