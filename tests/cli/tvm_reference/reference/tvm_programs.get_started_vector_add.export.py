# tensor_expr_get_started: vector addition over a symbolic length, split for the
# CPU's vector lanes and parallelised over the outer loop.
import tvm
from tvm import te

n = te.var("n")
A = te.placeholder((n,), name="A")
B = te.placeholder((n,), name="B")
C = te.compute(A.shape, lambda i: A[i] + B[i], name="C")

s = te.create_schedule(C.op)
factor = 16
outer, inner = s[C].split(C.op.axis[0], factor=16)
s[C].parallel(outer)
s[C].vectorize(inner)

print(tvm.lower(s, [A, B, C], simple_mode=True))
