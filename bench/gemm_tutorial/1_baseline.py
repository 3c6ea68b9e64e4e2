# TVM tutorial "How to optimize GEMM on CPU", step 1: the default schedule (baseline).
import tvm
from tvm import te

# tessera-bench-cpu sets the sizes by rewriting these three lines (keep "X = <integer>").
M = 1024
K = 1024
N = 1024
k = te.reduce_axis((0, K), "k")
A = te.placeholder((M, K), name="A")
B = te.placeholder((K, N), name="B")
C = te.compute((M, N), lambda m, n: te.sum(A[m, k] * B[k, n], axis=k), name="C")

s = te.create_schedule(C.op)
# TVM's LLVM backend fuses a*b + c into FMAs by default; Tessera asks for it per loop.
s[C].pragma(C.op.axis[0], "fp_contract")
