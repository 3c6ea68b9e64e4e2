# reverse_compute_inline of a consumer that reads a slice of what its producer writes
# (12 of 16 channels): the producer keeps its loops and writes the consumer's output
# only where the consumer did, under a predicate (TVM's consumer_iter_in_bound_);
# cache_write after it keeps the predicate. A consumer reaching past the producer's
# domain is refused.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def slice_add(x: T.Buffer((1, 16, 7, 7), "float32"), y: T.Buffer((1, 12, 7, 7), "float32")):
    t = T.alloc_buffer((1, 16, 7, 7))
    for ax0, ax1, ax2, ax3 in T.grid(1, 16, 7, 7):
        with T.block("T_add"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            t[v0, v1, v2, v3] = x[v0, v1, v2, v3] + T.float32(1)
    for ax0, ax1, ax2, ax3 in T.grid(1, 12, 7, 7):
        with T.block("slice"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            y[v0, v1, v2, v3] = t[v0, v1, v2, v3]


@T.prim_func
def wider(x: T.Buffer((8,), "float32"), y: T.Buffer((8,), "float32")):
    t = T.alloc_buffer((8,))
    for i in range(6):
        with T.block("P"):
            vi = T.axis.spatial(6, i)
            t[vi] = x[vi] * T.float32(2)
    for i in range(8):
        with T.block("C"):
            vi = T.axis.spatial(8, i)
            y[vi] = t[vi] + T.float32(1)


sch = tir.Schedule(wider)
try:
    sch.reverse_compute_inline(sch.get_block("C"))
    print("reverse_compute_inline past the producer: applied")
except tvm.tir.ScheduleError:
    print("reverse_compute_inline past the producer: refused")

sch = tir.Schedule(slice_add)
sch.reverse_compute_inline(sch.get_block("slice"))
sch.cache_write(sch.get_block("T_add"), 0, "global")
print(sch.mod["main"].script())
print(sch.trace)
