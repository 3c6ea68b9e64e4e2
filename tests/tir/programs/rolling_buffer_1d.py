# rolling_buffer of a 3-tap window computed at a tile of 4 of its 3-tap consumer: the
# producer keeps 6 of its 10 rows, indexed modulo 6, and skips the 2 rows the previous
# tile computed; every block's iterator at the rolling axis' position becomes opaque.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4, 12), "int32"), C: T.Buffer((4, 8), "int32")):
    B = T.alloc_buffer((4, 10), "int32")
    for c, i, k in T.grid(4, 10, 3):
        with T.block("B"):
            cc, vi, vk = T.axis.remap("SSR", [c, i, k])
            with T.init():
                B[cc, vi] = 0
            B[cc, vi] = B[cc, vi] + A[cc, vi + vk]
    for c, i, k in T.grid(4, 8, 3):
        with T.block("C"):
            cc, vi, vk = T.axis.remap("SSR", [c, i, k])
            with T.init():
                C[cc, vi] = 0
            C[cc, vi] = C[cc, vi] + B[cc, vi + vk]


sch = tir.Schedule(main)
b = sch.get_block("B")
try:
    sch.rolling_buffer(b, 0)
    raise AssertionError("B is not computed at C: must fail")
except tvm.tir.ScheduleError:
    print("not computed at its consumer: ScheduleError")
try:
    sch.rolling_buffer(sch.get_block("C"), 0)
    raise AssertionError("C is an output block: must fail")
except tvm.tir.ScheduleError:
    print("output block: ScheduleError")
c, i, k = sch.get_loops(sch.get_block("C"))
io, ii = sch.split(i, [2, 4])
sch.compute_at(b, io)
sch.rolling_buffer(b, 0)
print(sch.mod["main"].script())
print(sch.trace)
