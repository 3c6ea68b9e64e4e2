# Loops inside an `if` of a block's body (TVM's hand-written kernels branch around plain
# loops): the function prints back as written, and a split of the loop above the block
# keeps them
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def clip_rows(A: T.Buffer((16, 8), "float32"), B: T.Buffer((16, 8), "float32")):
    for i in range(16):
        with T.block("row"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi, 0:8])
            T.writes(B[vi, 0:8])
            if A[vi, 0] > T.float32(0):
                for j in range(8):
                    B[vi, j] = A[vi, j]
            else:
                for j in T.serial(2, 8):
                    B[vi, j] = T.float32(0)
                for j in T.unroll(2):
                    B[vi, j] = A[vi, j] * T.float32(2)


sch = tir.Schedule(clip_rows)
(i,) = sch.get_loops("row")
io, ii = sch.split(i, factors=[None, 4])
sch.parallel(io)
print(sch.mod["main"].script())
print(sch.trace)
