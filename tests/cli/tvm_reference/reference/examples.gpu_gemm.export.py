# GPU GEMM: C = A x B, 1024x1024x1024 float32. Each thread block computes a 128x128
# tile of C with 16x16 threads; each thread accumulates an 8x8 register tile (C.local,
# unrolled so that it lives in registers). For every step of 8 along k, the 128x8 slice
# of A and the 8x128 slice of B are staged in shared memory by all 256 threads together
# (cooperative fetching: 4 elements per thread), with barriers around the reuse.
import tvm
from tvm import te

M = 1024
N = 1024
K = 1024
A = te.placeholder((M, K), name="A", dtype="float32")
B = te.placeholder((K, N), name="B", dtype="float32")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

s = te.create_schedule(C.op)
AA = s.cache_read(A, "shared", [C])
BB = s.cache_read(B, "shared", [C])
CL = s.cache_write(C, "local")
# The output: 128x128 tiles per block, 8x8 per thread.
by, yi = s[C].split(s[C].op.axis[0], factor=128)
bx, xi = s[C].split(s[C].op.axis[1], factor=128)
ty, yii = s[C].split(yi, nparts=16)
tx, xii = s[C].split(xi, nparts=16)
s[C].reorder(by, bx, ty, tx, yii, xii)
s[C].bind(by, te.thread_axis("blockIdx.y"))
s[C].bind(bx, te.thread_axis("blockIdx.x"))
s[C].bind(ty, te.thread_axis("threadIdx.y"))
s[C].bind(tx, te.thread_axis("threadIdx.x"))
# The register tile: k outermost, then the 8x8 accumulators, fully unrolled.
s[CL].compute_at(s[C], tx)
ko, ki = s[CL].split(CL.op.reduce_axis[0], factor=8)
s[CL].reorder(ko, ki, CL.op.axis[0], CL.op.axis[1])
s[CL].unroll(ki)
s[CL].unroll(CL.op.axis[0])
s[CL].unroll(CL.op.axis[1])
# Shared-memory tiles of A and B for each ko, fetched by all 16x16 threads.
s[AA].compute_at(s[CL], ko)
s[BB].compute_at(s[CL], ko)
af = s[AA].fuse(AA.op.axis[0], AA.op.axis[1])
afo, afi = s[AA].split(af, factor=256)
aty, atx = s[AA].split(afi, factor=16)
s[AA].bind(aty, te.thread_axis("threadIdx.y"))
s[AA].bind(atx, te.thread_axis("threadIdx.x"))
bf = s[BB].fuse(BB.op.axis[0], BB.op.axis[1])
bfo, bfi = s[BB].split(bf, factor=256)
bty, btx = s[BB].split(bfi, factor=16)
s[BB].bind(bty, te.thread_axis("threadIdx.y"))
s[BB].bind(btx, te.thread_axis("threadIdx.x"))

print(tvm.lower(s, [A, B, C], simple_mode=True))
