# Masks combined with T.bitwise_and / T.bitwise_or: TVM's bool is uint1, so its bit
# operators take comparisons, scalar and as vectors (as TVM's test_tvmscript_ops writes)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def masks(
    A: T.Buffer((8,), "float32"),
    B: T.Buffer((8,), "float32"),
    C: T.Buffer((8,), "int32"),
    D: T.Buffer((8,), "float32"),
):
    for i in range(8):
        with T.block("c"):
            vi = T.axis.spatial(8, i)
            C[vi] = T.Cast("int32", T.bitwise_and(A[vi] > T.float32(0), B[vi] < A[vi]))
    with T.block("d"):
        D[0:8] = T.Select(
            T.bitwise_or(A[0:8] > T.Broadcast(T.float32(0), 8), T.Broadcast(T.bool(True), 8)),
            A[0:8],
            B[0:8],
        )


sch = tir.Schedule(masks)
i = sch.get_loops(sch.get_block("c"))[0]
io, ii = sch.split(i, factors=[None, 4])
print(sch.mod["main"].script())
print(sch.trace)
