# opt_conv_tensorcore's memory hierarchy on a GEMM: A through shared memory into a
# wmma.matrix_a fragment, B into a wmma.matrix_b fragment, the result accumulated in a
# wmma.accumulator, all computed per 16x16 tile (no tensorize: on the CPU the fragments
# are ordinary local buffers).
import tvm
from tvm import te

M, N, K = 64, 48, 32
A = te.placeholder((M, K), name="A")
B = te.placeholder((K, N), name="B")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

s = te.create_schedule(C.op)
AS = s.cache_read(A, "shared", [C])
AF = s.cache_read(AS, "wmma.matrix_a", [C])
BF = s.cache_read(B, "wmma.matrix_b", [C])
CF = s.cache_write(C, "wmma.accumulator")
io, jo, ii, ji = s[C].tile(s[C].op.axis[0], s[C].op.axis[1], x_factor=16, y_factor=16)
s[CF].compute_at(s[C], jo)
ko, ki = s[CF].split(CF.op.reduce_axis[0], factor=8)
s[CF].reorder(ko, CF.op.axis[0], CF.op.axis[1], ki)
s[AF].compute_at(s[CF], ko)
s[BF].compute_at(s[CF], ko)

print(tvm.lower(s, [A, B, C], simple_mode=True))
