# a module whose functions have a producer and a consumer: compute_at in one, cache_read
# and annotate in the other, interleaved
import tvm
from tvm import tir
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def two_stage(A: T.Buffer((32, 32), "float32"), C: T.Buffer((32, 32), "float32")):
        B = T.alloc_buffer((32, 32))
        for i, j in T.grid(32, 32):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for i, j in T.grid(32, 32):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)

    @T.prim_func
    def copy(A: T.Buffer((32, 32), "float32"), D: T.Buffer((32, 32), "float32")):
        for i, j in T.grid(32, 32):
            with T.block("D"):
                vi, vj = T.axis.remap("SS", [i, j])
                D[vi, vj] = A[vi, vj]


sch = tir.Schedule(Module)
sch.work_on("two_stage")
b = sch.get_block("B")
c = sch.get_block("C")
d = sch.get_block("D", func_name="copy")
io, jo = sch.get_loops(c)
cached = sch.cache_read(d, 0, "global")
sch.compute_at(b, io)
sch.annotate(sch.get_loops(d)[0], "pragma_auto_unroll_max_step", 16)
sch.compute_at(cached, sch.get_loops(d)[0])
print(sch.mod.script())
print(sch.trace)
