# schedule_primitives: compute_at, compute_inline and compute_root on a chain.
import tvm
from tvm import te

m = 96
A = te.placeholder((m,), name="A")
B = te.compute((m,), lambda i: A[i] + 1, name="B")
C = te.compute((m,), lambda i: B[i] * 2, name="C")
D = te.compute((m,), lambda i: C[i] - 3, name="D")

s = te.create_schedule(D.op)
s[B].compute_inline()
xo, xi = s[D].split(D.op.axis[0], factor=16)
s[C].compute_at(s[D], xo)

print(tvm.lower(s, [A, D], simple_mode=True))
