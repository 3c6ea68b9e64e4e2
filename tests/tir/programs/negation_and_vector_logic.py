# How TVM's parser reads `-x`, `and` and `or`: a negation is x * -1 (ExprOp.__neg__), a
# Python `and` / `or` over vectors is bitwise_and / bitwise_or lane by lane, over scalars
# tir.And / tir.Or as written (a Python bool becomes T.bool, nothing is folded)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def logic(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), C: T.Buffer((8,), "int32")):
    B[0:4] = -B[0:4]
    C[0] = -C[1]
    T.evaluate((A[0:4] > 0) and (B[0:4] > 0))
    T.evaluate((A[0:4] < 0) or (1 > 0))
    for i in range(8):
        with T.block("c"):
            vi = T.axis.spatial(8, i)
            C[vi] = T.Select((A[vi] > 0) and (1 > 0), 1, -C[vi])


sch = tir.Schedule(logic)
print(sch.mod["main"].script())
print(sch.trace)
