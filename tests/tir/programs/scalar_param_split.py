# A scalar parameter (`n: T.int32`, TVM's test_split_symbolic): the buffers' last extent
# is n, a parameter between them; splitting the n-loop by a factor that may not divide it
# adds a predicate.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def elementwise_symbolic(a: T.handle, n: T.int32, b: T.handle) -> None:
    A = T.match_buffer(a, (128, 128, n))
    B = T.match_buffer(b, (128, 128, n))
    for i, j, k in T.grid(128, 128, n):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] * 2.0


sch = tir.Schedule(elementwise_symbolic)
_, _, k = sch.get_loops(sch.get_block("B"))
sch.split(k, factors=[None, 16])
print(sch.mod["main"].script())
print(sch.trace)
