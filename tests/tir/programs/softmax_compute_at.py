# a row softmax: each row's reductions computed under the output's row loop
import tvm
from tvm import te, tir

A = te.placeholder((64, 100), "float32", name="A")
k = te.reduce_axis((0, 100), name="k")
M = te.compute((64,), lambda i: te.max(A[i, k], axis=k), name="M")
E = te.compute((64, 100), lambda i, j: te.exp(A[i, j] - M[i]), name="E")
k2 = te.reduce_axis((0, 100), name="k2")
S = te.compute((64,), lambda i: te.sum(E[i, k2], axis=k2), name="S")
O = te.compute((64, 100), lambda i, j: E[i, j] / S[i], name="O")
sch = tir.Schedule(te.create_prim_func([A, O]))
o = sch.get_block("O")
i, j = sch.get_loops(o)
sch.compute_at(sch.get_block("S"), i)
sch.compute_at(sch.get_block("E"), i)
sch.compute_at(sch.get_block("M"), i)
print(sch.mod["main"].script())
print(sch.trace)
