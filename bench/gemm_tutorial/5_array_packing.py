# TVM tutorial "How to optimize GEMM on CPU", step 5: array packing (B repacked into
# 32-column panels, packedB[n // bn, k, n % bn], so the inner loop reads it contiguously).
import tvm
from tvm import te

# tessera-bench-cpu sets the sizes by rewriting these three lines (keep "X = <integer>").
M = 1024
K = 1024
N = 1024
k = te.reduce_axis((0, K), "k")
A = te.placeholder((M, K), name="A")
B = te.placeholder((K, N), name="B")
bn = 32
kfactor = 4
# The tutorial writes the shape (N / bn, K, bn); floor division is the same here.
packedB = te.compute((N // bn, K, bn), lambda bigN, k, littleN: B[k, bigN * bn + littleN], name="packedB")
C = te.compute(
    (M, N),
    lambda m, n: te.sum(A[m, k] * packedB[n // bn, k, tvm.tir.indexmod(n, bn)], axis=k),
    name="C",
)

s = te.create_schedule(C.op)
mo, no, mi, ni = s[C].tile(C.op.axis[0], C.op.axis[1], bn, bn)
(kaxis,) = s[C].op.reduce_axis
ko, ki = s[C].split(kaxis, factor=kfactor)
s[C].reorder(mo, no, ko, mi, ki, ni)
s[C].vectorize(ni)
bigN, _, littleN = s[packedB].op.axis
s[packedB].vectorize(littleN)
s[packedB].parallel(bigN)
# TVM's LLVM backend fuses a*b + c into FMAs by default; Tessera asks for it per loop.
s[C].pragma(mo, "fp_contract")
