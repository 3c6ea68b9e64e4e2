# GPU reduction: row sums of a 4096x4096 float32 matrix, one thread block of 256 threads
# per row. The reduction is split by 256 and its inner part bound to threadIdx.x (a
# cross-thread reduction, as in TVM's reduction tutorial): each thread adds up columns
# t, t+256, t+512, ... of its row in a register (coalesced reads), then the block
# combines the 256 partial sums with warp shuffles and one shared-memory step across its
# 8 warps, and thread 0 writes B[i].
import tvm
from tvm import te

m = 4096
n = 4096
A = te.placeholder((m, n), name="A", dtype="float32")
k = te.reduce_axis((0, n), name="k")
B = te.compute((m,), lambda i: te.sum(A[i, k], axis=k), name="B")

s = te.create_schedule(B.op)
ko, ki = s[B].split(k, factor=256)
s[B].bind(B.op.axis[0], te.thread_axis("blockIdx.x"))
s[B].bind(ki, te.thread_axis("threadIdx.x"))

print(tvm.lower(s, [A, B], simple_mode=True))
