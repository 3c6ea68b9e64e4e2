# GPU element-wise: C = A * B + exp(A) over n float32 values (n is a shape variable,
# 1,000,000 by default in the tests). One thread per element: the loop is split by the
# block size (256) and bound to blockIdx.x / threadIdx.x; the tail block is guarded.
import tvm
from tvm import te

n = te.size_var("n")
A = te.placeholder((n,), name="A", dtype="float32")
B = te.placeholder((n,), name="B", dtype="float32")
C = te.compute((n,), lambda i: A[i] * B[i] + te.exp(A[i]), name="C")

s = te.create_schedule(C.op)
bx, tx = s[C].split(C.op.axis[0], factor=256)
s[C].bind(bx, te.thread_axis("blockIdx.x"))
s[C].bind(tx, te.thread_axis("threadIdx.x"))

print(tvm.lower(s, [A, B, C], simple_mode=True))
