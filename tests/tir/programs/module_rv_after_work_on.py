# loops of one function used after work_on another: the primitive applies where they are
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
sch.work_on("scale")
i, j = sch.get_loops(sch.get_block("B"))
sch.work_on("shift")
fused = sch.fuse(i, j)
sch.split(fused, factors=[None, 32])
k, l = sch.get_loops(sch.get_block("C"))
sch.reorder(l, k)
print(sch.mod.script())
print(sch.trace)
