# an intermediate buffer tiled by transform_layout, then the consumer's loops split and the
# producer computed at the outer loop: the region analysis works in the tiled layout
import tvm
from tvm import te, tir

A = te.placeholder((64, 64), "float32", name="A")
B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((64, 64), lambda i, j: B[i, j] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
b = sch.get_block("B")
c = sch.get_block("C")
sch.transform_layout(b, "B", tvm.tir.IndexMap.from_func(lambda i, j: (i // 16, j, i % 16), index_dtype="int32"))
i, j = sch.get_loops(c)
io, ii = sch.split(i, factors=[None, 16])
sch.compute_at(b, io)
print(sch.mod["main"].script())
print(sch.trace)
