# T.vectorlow, T.vectorhigh and T.vectorcombine (the lane shuffles of TVM's NEON
# intrinsics) in a TVMScript function: the halves of a 16-lane load, swapped.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def swap_halves(A: T.Buffer((64,), "int8"), B: T.Buffer((64,), "int8")):
    for i in range(4):
        with T.block("swap"):
            vi = T.axis.spatial(4, i)
            B[vi * 16 : vi * 16 + 16] = T.vectorcombine(
                T.vectorhigh(A[vi * 16 : vi * 16 + 16], dtype="int8x8"),
                T.vectorlow(A[vi * 16 : vi * 16 + 16], dtype="int8x8"),
                dtype="int8x16",
            )


sch = tir.Schedule(swap_halves)
i, = sch.get_loops(sch.get_block("swap"))
sch.parallel(i)
print(sch.mod["main"].script())
print(sch.trace)
