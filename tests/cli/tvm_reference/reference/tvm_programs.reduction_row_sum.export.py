# reduction: the row sum, its reduction axis split and the outer part factored out
# with rfactor; the reduction stage's axes are taken from s[B] after rfactor.
import tvm
from tvm import te

n = 64
m = 128
A = te.placeholder((n, m), name="A")
k = te.reduce_axis((0, m), "k")
B = te.compute((n,), lambda i: te.sum(A[i, k], axis=k), name="B")

s = te.create_schedule(B.op)
ko, ki = s[B].split(k, factor=16)
BF = s.rfactor(B, ki, factor_axis=0)
xo, xi = s[B].split(s[B].op.axis[0], factor=32)
s[BF].compute_at(s[B], xo)
s[B].parallel(xo)

print(tvm.lower(s, [A, B], simple_mode=True))
