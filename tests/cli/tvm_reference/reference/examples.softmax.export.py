# Softmax over the rows of a 1024x1024 float32 matrix (row max, exp-sum, normalize)
import tvm
from tvm import te

m = 1024
n = 1024
A = te.placeholder((m, n), name="A")
k = te.reduce_axis((0, n), name="k")
maxelem = te.compute((m,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, n), name="k2")
expsum = te.compute((m,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((m, n), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")

s = te.create_schedule(B.op)
s[maxelem].compute_at(s[B], B.op.axis[0])
s[expsum].compute_at(s[B], B.op.axis[0])
s[B].parallel(B.op.axis[0])

print(tvm.lower(s, [A, B], simple_mode=True))
