# The lines the TensorIR block menu writes for cache_read and cache_write with
# consumer_blocks: C read through a local copy by D only (E still reads C), and C
# written through a local cache that E reads directly (D reads the write-back).
import tvm
from tvm import te, tir

A = te.placeholder((16, 64), "float32", name="A")
B = te.placeholder((16, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name="D")
E = te.compute((16, 16), lambda i, j: C[i, j] + 1.0, name="E")
sch = tir.Schedule(te.create_prim_func([A, B, D, E]))
sch.cache_read(sch.get_block("D"), 0, "local", consumer_blocks=[sch.get_block("D")])
sch.cache_write(sch.get_block("C"), 0, "local", consumer_blocks=[sch.get_block("E")])
print(sch.mod["main"].script())
print(sch.trace)
