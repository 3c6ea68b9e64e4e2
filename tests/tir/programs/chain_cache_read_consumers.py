# a cache read for one consumer only (consumer_blocks)
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.compute((128, 128), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((128, 128), lambda i, j: A[i, j] + B[i, j], name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
c = sch.get_block("C")
cache = sch.cache_read(c, 0, "local", consumer_blocks=[c])
print(sch.mod["main"].script())
print(sch.trace)
