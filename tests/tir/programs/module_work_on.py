# a module of two functions: work_on chooses the one the schedule works on
import tvm
from tvm import tir
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def scale(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
        for i in range(64):
            with T.block("B"):
                vi = T.axis.spatial(64, i)
                B[vi] = A[vi] * T.float32(2.0)

    @T.prim_func
    def shift(A: T.Buffer((64,), "float32"), C: T.Buffer((64,), "float32")):
        for i in range(64):
            with T.block("C"):
                vi = T.axis.spatial(64, i)
                C[vi] = A[vi] + T.float32(1.0)


sch = tir.Schedule(Module)
sch.work_on("shift")
b = sch.get_block("C")
(i,) = sch.get_loops(b)
sch.split(i, factors=[None, 16])
print(sch.mod["shift"].script())
print(sch.trace)
