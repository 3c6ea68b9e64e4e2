# Two elementwise blocks in TVMScript with an intermediate buffer; a non-divisible split
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def elementwise(A: T.Buffer((100, 100), "float32"), C: T.Buffer((100, 100), "float32")):
    B = T.alloc_buffer((100, 100))
    for i, j in T.grid(100, 100):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(100, 100):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = T.max(B[vi, vj], T.float32(0))


sch = tir.Schedule(elementwise)
c = sch.get_block("C")
i, j = sch.get_loops(c)
jo, ji = sch.split(j, factors=[None, 16])
sch.compute_at(sch.get_block("B"), jo)
print(sch.mod["main"].script())
print(sch.trace)
