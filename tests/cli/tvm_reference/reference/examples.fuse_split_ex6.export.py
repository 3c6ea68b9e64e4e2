# InferBound document, Ex. 6: fuse then split by 4 does not undo the fuse in TVM (B over-computed)
import tvm
from tvm import te

n = 4
m = 4
A = te.placeholder((n, m), name="A")
B = te.compute((n, m), lambda bi, bj: A[bi, bj] + 2, name="B")
C = te.compute((n, m), lambda ci, cj: B[ci, cj] * 3, name="C")

s = te.create_schedule(C.op)
fused_axes = s[C].fuse(C.op.axis[0], C.op.axis[1])
xo, xi = s[C].split(fused_axes, factor=4)
s[B].compute_at(s[C], xo)

print(tvm.lower(s, [A, C], simple_mode=True))
