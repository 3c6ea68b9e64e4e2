# GEMM whose sizes divide by nothing convenient (primes): C[997, 1013] = A[997, 1009] x B[1009, 1013].
# onednn: matmul batch=1 m=997 n=1013 k=1009 transb=0
import tvm
from tvm import te
A = te.placeholder((997, 1009), name="A")
B = te.placeholder((1009, 1013), name="B")
k = te.reduce_axis((0, 1009), name="k")
C = te.compute((997, 1013), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
