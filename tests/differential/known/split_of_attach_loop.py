# Known: legality gap — the loop B is computed at is split afterwards; lowering stops with
# "cannot find the loop j of C where B is computed" (TVM fails the same way). Split could
# refuse, or move the attachment to j.inner. tessera-difftest elementwise seed 5047.
import tvm
from tvm import te

A = te.placeholder((12, 7), name="A")
B = te.compute((12, 7), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((12, 7), lambda i, j: B[i, j] + 1.0, name="C")
D = te.compute((12, 7), lambda i, j: te.exp(C[i, j]) * A[i, j], name="D")
s = te.create_schedule(D.op)
s[B].compute_at(s[C], C.op.axis[1])
j_outer, j_inner = s[C].split(C.op.axis[1], factor=2)
