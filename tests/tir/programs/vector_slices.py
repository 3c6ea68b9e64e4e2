# Vector accesses written as slices (TVM's Buffer.__getitem__ and T.buffer_store make a
# T.Ramp of `start:stop:step`): they print back as slices, a scalar operand is broadcast,
# and a split of the loop above the block keeps them
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def vector_rows(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    for i in range(16):
        with T.block("row"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi, 0:16])
            T.writes(B[vi, 0:16])
            B[vi, 0:8] = A[vi, 0:8] + A[vi, 8:16]
            B[vi, 8:16:2] = A[vi, 0:8:2] * T.float32(2)
            B[vi, 9:16:2] = T.broadcast(T.float32(0), 4)
            B[vi, 15:16] = A[vi, 15:16]


sch = tir.Schedule(vector_rows)
(i,) = sch.get_loops("row")
io, ii = sch.split(i, factors=[None, 4])
print(sch.mod["main"].script())
print(sch.trace)
