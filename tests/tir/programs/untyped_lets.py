# Names bound to expressions without a type (`x = A[vi] * 2.0`) are lets of the value's
# type, as TVM's parser binds them: printed with the type, kept through a split
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def lets(A: T.Buffer((16, 8), "float32"), B: T.Buffer((16, 8), "float32")):
    for i in range(16):
        with T.block("row"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi, 0:8])
            T.writes(B[vi, 0:8])
            first = A[vi, 0] * T.float32(2)
            offset = vi % 4
            for j in range(8):
                scaled = A[vi, j] * first
                B[vi, j] = scaled + T.Cast("float32", offset)


sch = tir.Schedule(lets)
(i,) = sch.get_loops("row")
sch.split(i, factors=[None, 4])
print(sch.mod["main"].script())
print(sch.trace)
