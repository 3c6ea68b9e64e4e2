import tvm
from tvm import te
n = te.var("n")
A = te.placeholder((n, n), name="A")
k = te.reduce_axis((0, n), name="k")
B = te.compute((n,), lambda i: te.sum(A[i, k], axis=k), name="B")
s = te.create_schedule(B.op)
factor = 8
xo, xi = s[B].split(B.op.axis[0], factor=factor)
s[B].reorder(xi, xo); s[B].vectorize(xi)
print(tvm.lower(s, [A, B], simple_mode=True))
