# blockize with preserve_unit_iters=False: the unit loop i above the target loop reads 0
# in the outer block's bindings, and the inner block's iterators of extent 1 become 0
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1, 64), "float32"), B: T.Buffer((1, 64), "float32")):
    for i, j in T.grid(1, 64):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)


sch = tir.Schedule(main)
i, j = sch.get_loops(sch.get_block("B"))
jo, ji = sch.split(j, factors=[None, 16])
sch.blockize(ji, preserve_unit_iters=False)
print(sch.mod["main"].script())
print(sch.trace)
