# rolling_buffer's refusals: a second writer of the buffer (write after write), tiles that
# do not overlap (nothing rolls), a buffer index out of range (TVM is not asked to render
# them: its renderer cannot print a block whose bindings use loops outside it); and a
# producer whose tile start is floordiv(i * 5, 2) (an upscale) rolls with the stride
# rounded up.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def two_writers(A: T.Buffer((1, 12, 12, 16), "int8"), C: T.Buffer((1, 12, 12, 16), "int8")):
    B = T.alloc_buffer([1, 12, 12, 16], dtype="int8")
    for i0, i1, i2, i3 in T.grid(1, 3, 3, 1):
        for ax0, ax1, ax2 in T.grid(6, 6, 16):
            with T.block("W0"):
                v0 = T.axis.spatial(1, i0)
                v1 = T.axis.spatial(12, i1 * 4 + ax0)
                v2 = T.axis.spatial(12, i2 * 4 + ax1)
                v3 = T.axis.spatial(16, ax2)
                T.where(i1 * 4 + ax0 < 12 and i2 * 4 + ax1 < 12)
                B[v0, v1, v2, v3] = A[v0, v1, v2, v3] + T.int8(1)
        for ax0, ax1, ax2 in T.grid(6, 6, 16):
            with T.block("W1"):
                v0 = T.axis.spatial(1, i0)
                v1 = T.axis.spatial(12, i1 * 4 + ax0)
                v2 = T.axis.spatial(12, i2 * 4 + ax1)
                v3 = T.axis.spatial(16, ax2)
                T.where(i1 * 4 + ax0 < 12 and i2 * 4 + ax1 < 12)
                B[v0, v1, v2, v3] = B[v0, v1, v2, v3] + A[v0, v1, v2, v3] * T.int8(2)
        for ax1, ax2, ax3 in T.grid(4, 4, 16):
            with T.block("C"):
                v0 = T.axis.spatial(1, i0)
                v1 = T.axis.spatial(12, i1 * 4 + ax1)
                v2 = T.axis.spatial(12, i2 * 4 + ax2)
                v3 = T.axis.spatial(16, ax3)
                C[v0, v1, v2, v3] = B[v0, v1, v2, v3]


@T.prim_func
def no_overlap(A: T.Buffer((12, 16), "int8"), C: T.Buffer((12, 16), "int8")):
    B = T.alloc_buffer([12, 16], dtype="int8")
    for i0 in range(3):
        for ax0, ax1 in T.grid(4, 16):
            with T.block("B"):
                v0 = T.axis.spatial(12, i0 * 4 + ax0)
                v1 = T.axis.spatial(16, ax1)
                B[v0, v1] = A[v0, v1]
        for ax0, ax1 in T.grid(4, 16):
            with T.block("C"):
                v0 = T.axis.spatial(12, i0 * 4 + ax0)
                v1 = T.axis.spatial(16, ax1)
                C[v0, v1] = B[v0, v1] * T.int8(3)


@T.prim_func
def upscale(A: T.Buffer((1, 16, 16, 16), "int8"), C: T.Buffer((1, 24, 24, 16), "int8")):
    B = T.alloc_buffer([1, 14, 14, 16], dtype="int8")
    for i0_0, i1_0, i2_0, i3_0 in T.grid(1, 5, 5, 1):
        for ax0, ax1, ax2, ax3, ax4 in T.grid(5, 5, 16, 3, 3):
            with T.block("B"):
                T.where(i1_0 * 5 // 2 + ax0 < 14 and i2_0 * 5 // 2 + ax1 < 14)
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.spatial(14, i1_0 * 5 // 2 + ax0)
                ax2_1 = T.axis.spatial(14, i2_0 * 5 // 2 + ax1)
                ax3_1 = T.axis.spatial(16, ax2)
                rv0, rv1 = T.axis.remap("RR", [ax3, ax4])
                with T.init():
                    B[ax0_1, ax1_1, ax2_1, ax3_1] = T.int8(-128)
                B[ax0_1, ax1_1, ax2_1, ax3_1] = T.max(
                    B[ax0_1, ax1_1, ax2_1, ax3_1], A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
        for i0_1, i1_1, i2_1, i3_1, i4, i5 in T.grid(1, 5, 5, 16, 3, 3):
            with T.block("C"):
                T.where(i1_0 * 5 + i1_1 < 24 and i2_0 * 5 + i2_1 < 24)
                ax0 = T.axis.spatial(1, i0_0 + i0_1)
                ax1 = T.axis.spatial(24, i1_0 * 5 + i1_1)
                ax2 = T.axis.spatial(24, i2_0 * 5 + i2_1)
                ax3 = T.axis.spatial(16, i3_0 * 16 + i3_1)
                rv0, rv1 = T.axis.remap("RR", [i4, i5])
                with T.init():
                    C[ax0, ax1, ax2, ax3] = T.int8(-128)
                C[ax0, ax1, ax2, ax3] = T.max(
                    C[ax0, ax1, ax2, ax3], B[ax0, ax1 // 2 + rv0, ax2 // 2 + rv1, ax3])


sch = tir.Schedule(two_writers, error_render_level="none")
try:
    sch.rolling_buffer(sch.get_block("W0"), 0)
    raise AssertionError("two writers: must fail")
except tvm.tir.ScheduleError:
    print("two writers: ScheduleError")
sch = tir.Schedule(no_overlap, error_render_level="none")
try:
    sch.rolling_buffer(sch.get_block("B"), 0)
    raise AssertionError("no overlap: must fail")
except tvm.tir.ScheduleError:
    print("tiles that do not overlap: ScheduleError")
try:
    sch.rolling_buffer(sch.get_block("B"), 1)
    raise AssertionError("index 1: must fail")
except tvm.tir.ScheduleError:
    print("buffer index 1: ScheduleError")
sch = tir.Schedule(upscale)
sch.rolling_buffer(sch.get_block("B"), 0)
print(sch.mod["main"].script())
print(sch.trace)
