# Softmax, fast: the rows of a 1024x1024 float32 matrix with every loop vectorized
# (the schedule tessera-bench-cpu times against Halide; softmax.py is the simple one)
import tvm
from tvm import te

m = 1024
n = 1024
A = te.placeholder((m, n), name="A")
k = te.reduce_axis((0, n), name="k")
maxelem = te.compute((m,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, n), name="k2")
expsum = te.compute((m,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((m, n), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")

s = te.create_schedule(B.op)
# A reduction over k is one long dependency chain. rfactor splits it into 16 partial
# results (maxelem.rf[k.inner], one per vector lane), each reducing every 16th element;
# maxelem then combines the 16 partials. Same for expsum.
ko, ki = s[maxelem].split(k, factor=16)
MR = s.rfactor(maxelem, ki, factor_axis=0)
ko2, ki2 = s[expsum].split(k2, factor=16)
ER = s.rfactor(expsum, ki2, factor_axis=0)
# One row per iteration of B's parallel loop; the row's max and exp-sum are computed
# inside it (they stay in the L1 cache with the row), the partials inside them.
s[B].parallel(B.op.axis[0])
# Fused multiply-adds in exp's polynomial (inline vector code in the LLVM backend).
s[B].pragma(B.op.axis[0], "fp_contract")
jo, ji = s[B].split(B.op.axis[1], factor=16)
s[B].vectorize(ji)
s[maxelem].compute_at(s[B], B.op.axis[0])
s[expsum].compute_at(s[B], B.op.axis[0])
s[MR].compute_at(s[maxelem], s[maxelem].op.axis[0])
s[ER].compute_at(s[expsum], s[expsum].op.axis[0])
# The partials' lane axis innermost and vectorized: 16 lanes of max / exp + add per step
# (exp is inline vector code in the LLVM backend, no libm call).
s[MR].reorder(MR.op.axis[1], MR.op.reduce_axis[0], MR.op.axis[0])
s[MR].vectorize(MR.op.axis[0])
s[ER].reorder(ER.op.axis[1], ER.op.reduce_axis[0], ER.op.axis[0])
s[ER].vectorize(ER.op.axis[0])

print(tvm.lower(s, [A, B], simple_mode=True))
