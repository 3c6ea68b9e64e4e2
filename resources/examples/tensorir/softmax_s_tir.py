# Softmax over the rows of a 1024x1024 matrix as TensorIR: the row maximum and the row
# sum of exponentials are computed per row where the normalisation needs them
# (compute_at), and the rows run in parallel; TVM 0.24+'s spelling: s_tir.Schedule and
# get_sblock
import tvm
from tvm import te, s_tir

m = 1024
n = 1024
A = te.placeholder((m, n), "float32", name="A")
k = te.reduce_axis((0, n), name="k")
maxelem = te.compute((m,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, n), name="k2")
expsum = te.compute((m,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((m, n), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")

sch = s_tir.Schedule(te.create_prim_func([A, B]))
b = sch.get_sblock("B")
i, j = sch.get_loops(b)
sch.compute_at(sch.get_sblock("expsum"), i)
sch.compute_at(sch.get_sblock("maxelem"), i)
sch.parallel(i)
