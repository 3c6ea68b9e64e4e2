# unsafe_set_dtype: an intermediate buffer stored as float16 (its stores cast to it, its
# loads cast back), then compute_at of its producer; an output buffer and an index out
# of range are refused
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def element_wise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)


sch = tir.Schedule(element_wise)
for name, attempt in [
    ("output buffer", lambda: sch.unsafe_set_dtype("C", 0, "float16")),
    ("index 1", lambda: sch.unsafe_set_dtype(sch.get_block("B"), 1, "float64")),
]:
    try:
        attempt()
        raise AssertionError(name + " must fail")
    except tvm.tir.ScheduleError:
        print(name + ": ScheduleError")
b = sch.get_block("B")
sch.unsafe_set_dtype(b, 0, "float16")
sch.unsafe_set_dtype(b, 0, "float16")
i, j = sch.get_loops(sch.get_block("C"))
sch.compute_at(b, i)
print(sch.mod["main"].script())
print(sch.trace)
