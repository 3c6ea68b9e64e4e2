# A function named by its global_symbol, a condition marked T.likely and a void
# T.call_extern of the buffer's data, through a split
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def scaled(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    T.func_attr({"global_symbol": "scale_kernel", "tir.noalias": True})
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi])
            T.writes(B[vi])
            if T.likely(vi < 12):
                B[vi] = A[vi] * T.float32(2)
            T.evaluate(T.call_extern("tessera_touch", B.data, vi, dtype=""))


sch = tir.Schedule(scaled)
(i,) = sch.get_loops("B")
sch.split(i, factors=[None, 4])
print(sch.mod["main"].script())
print(sch.trace)
