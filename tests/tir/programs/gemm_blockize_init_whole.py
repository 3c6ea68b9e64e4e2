# blockize a reduction block with its init over the whole reduction (loops j and k):
# the init uses only the inner j, so its nest is one copy of the loop j
import tvm
from tvm import te, tir
A = te.placeholder((24, 17), "float32", name="A")
B = te.placeholder((17, 20), "float32", name="B")
k = te.reduce_axis((0, 17), name="k")
C = te.compute((24, 20), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
i, j, k = sch.get_loops(sch.get_block("C"))
sch.blockize(j)
print(sch.mod["main"].script())
print(sch.trace)
