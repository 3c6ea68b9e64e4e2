# one schedule over both functions of a module: primitives on each, interleaved
import tvm
from tvm import tir
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def scale(A: T.Buffer((64, 8), "float32"), B: T.Buffer((64, 8), "float32")):
        for i, j in T.grid(64, 8):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)

    @T.prim_func
    def shift(A: T.Buffer((64, 8), "float32"), C: T.Buffer((64, 8), "float32")):
        for i, j in T.grid(64, 8):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = A[vi, vj] + T.float32(1.0)


sch = tir.Schedule(Module)
sch.work_on("shift")
c = sch.get_block("C")
b = sch.get_block("B", func_name="scale")
sch.parallel(sch.get_loops(b)[0])
sch.split(sch.get_loops(c)[0], factors=[None, 16])
sch.vectorize(sch.get_loops(b)[1])
sch.unroll(sch.get_loops(c)[2])
print(sch.mod.script())
print(sch.trace)
