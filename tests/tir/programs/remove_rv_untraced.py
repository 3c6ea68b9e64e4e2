# remove_rv takes random variables out of the schedule's symbol table and out of nothing
# else: the trace does not record it, and the variables left keep working.
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((32, 32), "float32"), B: T.Buffer((32, 32), "float32")):
    for i, j in T.grid(32, 32):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)


sch = tir.Schedule(main)
block = sch.get_block("B")
i, j = sch.get_loops(block)
sch.remove_rv(block)
sch.remove_rv(i)
jo, ji = sch.split(j, factors=[None, 8])
sch.vectorize(ji)
print(sch.mod["main"].script())
print(sch.trace)
