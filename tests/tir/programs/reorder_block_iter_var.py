# reorder_block_iter_var: a reduction block's iterators reversed (each keeps its binding,
# the loops stay), after three orders TVM refuses (not full, out of range, repeated)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def matmul(
    A: T.Buffer((128, 128), "float32"),
    B: T.Buffer((128, 128), "float32"),
    C: T.Buffer((128, 128), "float32"),
) -> None:
    for i, j, k in T.grid(128, 128, 128):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = 0.0
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]


sch = tir.Schedule(matmul)
c = sch.get_block("C")
for order in [[2, 1], [-1, 3, 2], [0, 0, 2]]:
    try:
        sch.reorder_block_iter_var(c, order)
        raise AssertionError(str(order) + " must fail")
    except tvm.tir.ScheduleError:
        print(str(order) + ": ScheduleError")
sch.reorder_block_iter_var(c, [2, 1, 0])
i, j, k = sch.get_loops(c)
sch.reorder(k, i)
print(sch.mod["main"].script())
print(sch.trace)
