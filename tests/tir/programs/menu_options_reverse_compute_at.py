# The lines the TensorIR block menu writes for reverse_compute_at with its options: D
# keeps its loops of extent 1 (preserve_unit_loops=True), E goes to the first place
# after C under the same loop (index=-2), before D.
import tvm
from tvm import te, tir

A = te.placeholder((16, 64), "float32", name="A")
B = te.placeholder((16, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name="D")
E = te.compute((16, 16), lambda i, j: C[i, j] + 1.0, name="E")
sch = tir.Schedule(te.create_prim_func([A, B, D, E]))
sch.reverse_compute_at(sch.get_block("D"), sch.get_loops(sch.get_block("C"))[1], preserve_unit_loops=True)
sch.reverse_compute_at(sch.get_block("E"), sch.get_loops(sch.get_block("C"))[1], index=-2)
print(sch.mod["main"].script())
print(sch.trace)
