# A float scalar passed to the kernel by value (TVM's te.var with a dtype, as a GEMM's
# alpha): B = A * b, listed in tvm.lower's arguments after the tensors; the loop is
# split for the vector lanes.
import tvm
from tvm import te

n = te.var("n")
A = te.placeholder((n,), name="A")
b = te.var("b", dtype="float32")
B = te.compute((n,), lambda i: A[i] * b, name="B")

s = te.create_schedule(B.op)
xo, xi = s[B].split(B.op.axis[0], factor=8)
s[B].vectorize(xi)
print(tvm.lower(s, [A, B, b], simple_mode=True))
