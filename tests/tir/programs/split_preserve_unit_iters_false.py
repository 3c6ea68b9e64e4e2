# split with preserve_unit_iters=False: every loop of extent 1 around the block (the new
# j_1 and the untouched i) reads 0 in its bindings
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1, 128), "float32"), B: T.Buffer((1, 128), "float32")):
    for i, j in T.grid(1, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)


sch = tir.Schedule(main)
i, j = sch.get_loops(sch.get_block("B"))
sch.split(j, factors=[2, 1, 64], preserve_unit_iters=False)
print(sch.mod["main"].script())
print(sch.trace)
