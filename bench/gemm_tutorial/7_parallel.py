# TVM tutorial "How to optimize GEMM on CPU", step 7: parallel (the write-cache schedule
# with the outer row-block loop of C run on every core).
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
CC = s.cache_write(C, "global")
mo, no, mi, ni = s[C].tile(C.op.axis[0], C.op.axis[1], bn, bn)
s[CC].compute_at(s[C], no)
mc, nc = s[CC].op.axis
(kaxis,) = s[CC].op.reduce_axis
ko, ki = s[CC].split(kaxis, factor=kfactor)
s[CC].reorder(ko, mc, ki, nc)
s[CC].vectorize(nc)
s[CC].unroll(ki)
s[C].parallel(mo)
bigN, _, littleN = s[packedB].op.axis
s[packedB].vectorize(littleN)
s[packedB].parallel(bigN)
# TVM's LLVM backend fuses a*b + c into FMAs by default; Tessera asks for it per loop.
s[CC].pragma(ko, "fp_contract")
