# a reduction block whose binding is not affine (k * 2) is no reduction block: compute_at,
# parallel over it, rfactor and reorder refuse it; the complete block after it still
# schedules
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128,), "float32")):
    B = T.alloc_buffer((128,))
    for i, k in T.grid(128, 64):
        with T.block("B"):
            vi = T.axis.spatial(128, i)
            vk = T.axis.reduce(128, k * 2)
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi, vk]
    for i in range(128):
        with T.block("C"):
            vi = T.axis.spatial(128, i)
            C[vi] = B[vi] * T.float32(2.0)


sch = tir.Schedule(main)
b = sch.get_block("B")
c = sch.get_block("C")
i, k = sch.get_loops(b)
(ci,) = sch.get_loops(c)
for name, attempt in [
    ("compute_at", lambda: sch.compute_at(b, ci)),
    ("parallel", lambda: sch.parallel(i)),
    ("rfactor", lambda: sch.rfactor(k, 0)),
    ("decompose_reduction", lambda: sch.decompose_reduction(b, i)),
    ("reorder", lambda: sch.reorder(k, i)),
]:
    try:
        attempt()
        raise AssertionError(name + " must fail")
    except tvm.tir.ScheduleError:
        print(name + ": ScheduleError")
co, cii = sch.split(ci, factors=[None, 16])
sch.parallel(co)
sch.vectorize(cii)
print(sch.mod["main"].script())
print(sch.trace)
