# get_block(func_name=) chooses the function of a module of several
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
b = sch.get_block("B", func_name="scale")
sch.parallel(sch.get_loops(b)[0])
print(sch.mod["scale"].script())
print(sch.trace)
