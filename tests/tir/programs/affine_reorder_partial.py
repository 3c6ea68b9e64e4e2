# reorder needs affine bindings in the reordered loops (and those below them): a
# binding v0 * v0 + v1 is not affine in v0, so v0 cannot move, but v1 and v2 can
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((14, 4), "float32"), B: T.Buffer((14, 4), "float32")):
    for v0, v1, v2 in T.grid(6, 4, 4):
        with T.block("block"):
            i = T.axis.spatial(14, v0 * v0 + v1)
            j = T.axis.spatial(4, v2)
            B[i, j] = A[i, j] + T.float32(1.0)


sch = tir.Schedule(main)
v0, v1, v2 = sch.get_loops(sch.get_block("block"))
try:
    sch.reorder(v0, v2, v1)
    raise AssertionError("reorder(v0, v2, v1) must fail")
except tvm.tir.ScheduleError:
    print("reorder(v0, v2, v1): ScheduleError")
sch.reorder(v2, v1)
print(sch.mod["main"].script())
print(sch.trace)
