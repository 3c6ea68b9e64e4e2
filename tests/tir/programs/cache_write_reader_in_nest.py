# cache_write of a writer whose reader was moved into its loop: the write-back goes into
# that loop, between the two
import tvm
from tvm import te, tir

A = te.placeholder((64, 32), "float32", name="A")
B = te.compute((64, 32), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((64, 32), lambda i, j: B[i, j] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
b = sch.get_block("B")
i, j = sch.get_loops(b)
sch.reverse_compute_at(sch.get_block("C"), i)
sch.cache_write(b, 0, "local")
sch.cache_read(sch.get_block("C"), 0, "shared")
print(sch.mod["main"].script())
print(sch.trace)
