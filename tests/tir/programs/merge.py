# merge: the outer loops of two nests of equal extents; two refusals of extents that
# differ (before, and against a loop below the merged one). D's nest stays apart, and the
# inner loops under i_m stay unmerged: TVM 0.20 fails with an InternalError ("A SeqStmt of
# length 1 is prohibited") when the merged nests are all of their scope's statements.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((32, 24), "float32"), C: T.Buffer((32, 24), "float32"),
         D: T.Buffer((32, 12), "float32")):
    B = T.alloc_buffer((32, 24))
    for i, j in T.grid(32, 24):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(32, 24):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
    for i, j in T.grid(32, 12):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = B[vi, vj * 2] - T.float32(1.0)


sch = tir.Schedule(main)
b, c, d = sch.get_block("B"), sch.get_block("C"), sch.get_block("D")
try:
    sch.merge(sch.get_loops(b)[1], sch.get_loops(d)[1])
    raise AssertionError("extents 24 and 12 must fail")
except tvm.tir.ScheduleError:
    print("24 against 12: ScheduleError")
sch.merge(sch.get_loops(b)[0], sch.get_loops(c)[0])
try:
    sch.merge(sch.get_loops(b)[1], sch.get_loops(d)[1])
    raise AssertionError("24 against 12 must fail")
except tvm.tir.ScheduleError:
    print("24 under i_m against 12: ScheduleError")
print(sch.mod["main"].script())
print(sch.trace)
