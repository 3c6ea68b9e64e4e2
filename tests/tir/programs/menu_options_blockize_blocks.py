# The line the TensorIR block menu writes for blockize of a list of blocks: D and E,
# the two readers of C, consecutive under the root, become one block "outer_D_E_"
# (its unit iterators kept, TVM's default).
import tvm
from tvm import te, tir

A = te.placeholder((16, 64), "float32", name="A")
B = te.placeholder((16, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name="D")
E = te.compute((16, 16), lambda i, j: C[i, j] + 1.0, name="E")
sch = tir.Schedule(te.create_prim_func([A, B, D, E]))
sch.blockize([sch.get_block("D"), sch.get_block("E")])
print(sch.mod["main"].script())
print(sch.trace)
