# a block writing an intermediate buffer and a function output is an output block:
# compute_at refuses it (TVM's OutputBlockError) and leaves the function as it was, while
# its consumer can still be moved under its loop with reverse_compute_at
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((32, 16), "float32"), C: T.Buffer((32, 16), "float32"),
         D: T.Buffer((32, 16), "float32")):
    B = T.alloc_buffer((32, 16))
    for i, j in T.grid(32, 16):
        with T.block("BC"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
            C[vi, vj] = A[vi, vj] + T.float32(1.0)
    for i, j in T.grid(32, 16):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = B[vi, vj] - T.float32(1.0)


sch = tir.Schedule(main)
bc = sch.get_block("BC")
d = sch.get_block("D")
before = sch.mod["main"].script()
try:
    sch.compute_at(bc, sch.get_loops(d)[0])
    raise AssertionError("compute_at of an output block must fail")
except tvm.tir.ScheduleError as e:
    assert "is an output block" in str(e), str(e)
    print("compute_at: ScheduleError: output block")
assert sch.mod["main"].script() == before
i, j = sch.get_loops(bc)
sch.reverse_compute_at(d, i)
print(sch.mod["main"].script())
print(sch.trace)
