# TVM tutorial "How to optimize GEMM on CPU", step 3: blocking + the innermost tile
# loop vectorized.
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
bn = 32
kfactor = 4
mo, no, mi, ni = s[C].tile(C.op.axis[0], C.op.axis[1], bn, bn)
(kaxis,) = s[C].op.reduce_axis
ko, ki = s[C].split(kaxis, factor=kfactor)
s[C].reorder(mo, no, ko, ki, mi, ni)
s[C].vectorize(ni)
# TVM's LLVM backend fuses a*b + c into FMAs by default; Tessera asks for it per loop.
s[C].pragma(mo, "fp_contract")
