# GPU softmax over the rows of a 1024x1024 float32 matrix, one thread block (128
# threads) per row. Row max and exp-sum are cross-thread reductions: their reduce axes
# are split by 128 and the inner parts bound to threadIdx.x, so each thread reduces 8
# columns in a register and the block combines the 128 partial results with warp
# shuffles (maxelem and expsum live in shared memory: they are computed inside the
# blockIdx loop); the normalisation is element-wise over the row, 128 columns at a time.
import tvm
from tvm import te

m = 1024
n = 1024
A = te.placeholder((m, n), name="A", dtype="float32")
k = te.reduce_axis((0, n), name="k")
maxelem = te.compute((m,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, n), name="k2")
expsum = te.compute((m,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((m, n), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")

s = te.create_schedule(B.op)
ko, ki = s[maxelem].split(k, factor=128)
ko2, ki2 = s[expsum].split(k2, factor=128)
jo, ji = s[B].split(B.op.axis[1], factor=128)
s[B].bind(B.op.axis[0], te.thread_axis("blockIdx.x"))
s[B].bind(ji, te.thread_axis("threadIdx.x"))
s[maxelem].compute_at(s[B], B.op.axis[0])
s[expsum].compute_at(s[B], B.op.axis[0])
s[maxelem].bind(ki, te.thread_axis("threadIdx.x"))
s[expsum].bind(ki2, te.thread_axis("threadIdx.x"))

print(tvm.lower(s, [A, B], simple_mode=True))
