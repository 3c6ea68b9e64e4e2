# GEMM: C = A x B, 1024x1024x1024 float32, 32x32 tiles, vectorized inner loop
import tvm
from tvm import te

M = 1024
N = 1024
K = 1024
A = te.placeholder((M, K), name="A", dtype="float32")
B = te.placeholder((K, N), name="B", dtype="float32")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

s = te.create_schedule(C.op)
io, jo, ii, ji = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=32, y_factor=32)
ko, ki = s[C].split(k, factor=4)
s[C].reorder(io, jo, ko, ii, ki, ji)
s[C].vectorize(ji)
s[C].parallel(io)

print(tvm.lower(s, [A, B, C], simple_mode=True))
