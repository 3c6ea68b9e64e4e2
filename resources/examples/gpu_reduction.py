# GPU reduction: row sums of a 4096x4096 float32 matrix, one thread block per row.
# rfactor turns the inner part of the reduction (256 columns apart) into a data-parallel
# axis: B.rf[t] = sum over ko of A[i, ko*256 + t], one thread per t with coalesced reads,
# kept in shared memory (B.rf is computed inside the blockIdx loop); thread 0 then adds
# the 256 partial sums (a barrier separates the two phases).
import tvm
from tvm import te

m = 4096
n = 4096
A = te.placeholder((m, n), name="A", dtype="float32")
k = te.reduce_axis((0, n), name="k")
B = te.compute((m,), lambda i: te.sum(A[i, k], axis=k), name="B")

s = te.create_schedule(B.op)
ko, ki = s[B].split(k, factor=256)
BF = s.rfactor(B, ki)
s[B].bind(s[B].op.axis[0], te.thread_axis("blockIdx.x"))
s[BF].compute_at(s[B], s[B].op.axis[0])
s[BF].bind(s[BF].op.axis[0], te.thread_axis("threadIdx.x"))

print(tvm.lower(s, [A, B], simple_mode=True))
