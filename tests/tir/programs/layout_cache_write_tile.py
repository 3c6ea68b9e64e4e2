# a local accumulator in a tiled layout: cache_write, then transform_layout of the cache,
# an intermediate buffer, so the signature keeps its shape
import tvm
from tvm import te, tir

A = te.placeholder((64, 64), "float32", name="A")
B = te.placeholder((64, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
cw = sch.cache_write(b0, 0, "local")
sch.transform_layout(b0, ("write", 0), lambda i, j: (i // 8, j // 8, i % 8, j % 8))
print(sch.mod["main"].script())
print(sch.trace)
