# storage_align on a shared-memory tile (the CUDA idiom of TVM's topi schedules: each
# row of A.shared padded to 32k + 1 floats so that a warp reading a column hits 32
# different banks); the tile is loaded cooperatively by the block's threads.
import tvm
from tvm import te

A = te.placeholder((64, 64), name="A")
B = te.placeholder((64, 64), name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

s = te.create_schedule(C.op)
AA = s.cache_read(A, "shared", [C])
i, j = s[C].op.axis
bi, ti = s[C].split(i, factor=16)
bj, tj = s[C].split(j, factor=16)
ko, ki = s[C].split(s[C].op.reduce_axis[0], factor=16)
s[C].reorder(bi, bj, ko, ti, tj, ki)
s[C].bind(bi, te.thread_axis("blockIdx.y"))
s[C].bind(bj, te.thread_axis("blockIdx.x"))
s[C].bind(ti, te.thread_axis("threadIdx.y"))
s[C].bind(tj, te.thread_axis("threadIdx.x"))
s[AA].compute_at(s[C], ko)
s[AA].storage_align(AA.op.axis[0], 32, 1)
fused = s[AA].fuse(*s[AA].op.axis)
ty, rest = s[AA].split(fused, nparts=16)
tx, _ = s[AA].split(rest, nparts=16)
s[AA].bind(ty, te.thread_axis("threadIdx.y"))
s[AA].bind(tx, te.thread_axis("threadIdx.x"))
print(tvm.lower(s, [A, B, C], simple_mode=True))
