# A float scalar parameter read by the computation (`alpha: T.float32`), last among the
# parameters, with a reduction scheduled around it.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def scaled_matvec(A: T.Buffer((64, 32), "float32"), x: T.Buffer((32,), "float32"),
                  y: T.Buffer((64,), "float32"), alpha: T.float32):
    for i, k in T.grid(64, 32):
        with T.block("y"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                y[vi] = T.float32(0)
            y[vi] = y[vi] + alpha * A[vi, vk] * x[vk]


sch = tir.Schedule(scaled_matvec)
i, k = sch.get_loops(sch.get_block("y"))
io, ii = sch.split(i, factors=[None, 8])
sch.reorder(io, k, ii)
sch.vectorize(ii)
print(sch.mod["main"].script())
print(sch.trace)
