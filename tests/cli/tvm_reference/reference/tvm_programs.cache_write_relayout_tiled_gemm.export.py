# cache_write after the stage was tiled (TVM's CacheWriteWithReLayout): the cache
# stage's axes are C's tile loops (m.outer.c, n.outer.c, m.inner.c, n.inner.c) and it
# takes the reduction; C becomes a copy over its own axes, tiled again, and the cache is
# computed per tile (the GPU matmul pattern of test_te_schedule_bound_inference_tiling).
import tvm
from tvm import te

M, N, K = 64, 32, 48
k = te.reduce_axis((0, K), "k")
A = te.placeholder((M, K), name="A")
B = te.placeholder((K, N), name="B")
C = te.compute((M, N), lambda m, n: te.sum(A[m, k] * B[k, n], axis=k), name="C")

s = te.create_schedule(C.op)
mo, no, mi, ni = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=16, y_factor=8)
CC = s.cache_write(C, "local")
mo_1, no_1, mi_1, ni_1 = s[C].tile(s[C].op.axis[0], s[C].op.axis[1], x_factor=16, y_factor=8)
s[CC].compute_at(s[C], no_1)
ko, ki = s[CC].split(CC.op.reduce_axis[0], factor=4)
s[CC].reorder(ko, CC.op.axis[2], ki, CC.op.axis[3])
s[CC].vectorize(CC.op.axis[3])
s[C].parallel(mo_1)

print(tvm.lower(s, [A, B, C], simple_mode=True))
