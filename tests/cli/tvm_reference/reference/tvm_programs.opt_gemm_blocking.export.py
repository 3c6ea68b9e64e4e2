# opt_gemm, "Blocking": chained sizes, a tiled output and the reduction split and
# reordered inside the tile.
import tvm
from tvm import te

M = N = K = 128
bn = 32
kfactor = 4
k = te.reduce_axis((0, K), "k")
A = te.placeholder((M, K), name="A")
B = te.placeholder((K, N), name="B")
C = te.compute((M, N), lambda m, n: te.sum(A[m, k] * B[k, n], axis=k), name="C")

s = te.create_schedule(C.op)
mo, no, mi, ni = s[C].tile(C.op.axis[0], C.op.axis[1], bn, bn)
(kaxis,) = s[C].op.reduce_axis
ko, ki = s[C].split(kaxis, factor=kfactor)
s[C].reorder(mo, no, ko, ki, mi, ni)
s[C].vectorize(ni)
print(tvm.lower(s, [A, B, C], simple_mode=True))
