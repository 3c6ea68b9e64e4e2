# A block whose binding overlaps (i = a * 2 + b, b in [0, 4): each row written twice) is
# still an affine binding at the surjective level TVM checks: reorder and fuse accept it.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def overlapped(A: T.Buffer((14, 4), "float32"), B: T.Buffer((14, 4), "float32")):
    for a, b, c in T.grid(6, 4, 4):
        with T.block("B"):
            vi = T.axis.spatial(14, a * 2 + b)
            vj = T.axis.spatial(4, c)
            B[vi, vj] = A[vi, vj] * T.float32(3)


sch = tir.Schedule(overlapped)
a, b, c = sch.get_loops(sch.get_block("B"))
sch.reorder(c, a, b)
sch.fuse(a, b)
print(sch.mod["main"].script())
print(sch.trace)
