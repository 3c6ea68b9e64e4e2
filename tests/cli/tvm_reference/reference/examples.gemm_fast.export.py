# GEMM, fast: C = A x B, 1024x1024x1024 float32 with a register-blocked micro-kernel
# (the schedule tessera-bench-cpu times against OpenBLAS and Halide; gemm.py is the simple one)
import tvm
from tvm import te

# The benchmark sets M, N and K by rewriting these three lines (keep them "X = <integer>").
M = 1024
N = 1024
K = 1024
A = te.placeholder((M, K), name="A", dtype="float32")
B = te.placeholder((K, N), name="B", dtype="float32")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

s = te.create_schedule(C.op)
# Packing: B.global is the K x 32 column panel of B that one j.outer iteration uses,
# copied into a contiguous buffer (row k = 32 consecutive floats, 128 bytes), so the
# micro-kernel reads B with unit stride instead of one 4 KiB-strided row per k.
BB = s.cache_read(B, "global", [C])
# Register tile: 8 rows x 32 columns of C = 16 zmm accumulators (32 floats = 2 zmm
# per row), which leaves registers for the two B vectors and the broadcast A values.
jo, ji = s[C].split(C.op.axis[1], factor=32)
io, ii = s[C].split(C.op.axis[0], factor=8)
# Loop order: column panel (packed once), row tile, then k OUTSIDE the tile: for each k
# the 8 x 32 tile gets 8 broadcasts of A[i, k] times one B row, 16 FMAs; LLVM keeps the
# tile in registers across the whole k loop (C's loads and stores are hoisted out).
s[C].reorder(jo, io, k, ii, ji)
s[C].unroll(ii)  # 8 independent rows: 16 independent FMA chains hide FMA latency
s[C].vectorize(ji)  # 32 lanes: two 16-lane AVX-512 vectors per row
s[C].parallel(jo)  # column panels are independent: one chunk of panels per core
# Fused multiply-add: a*b + c in one instruction (one rounding; results stay within
# run --check's tolerance). Without it the FMA pipes do half the work.
s[C].pragma(jo, "fp_contract")
# The panel is packed inside the parallel loop (each core packs its own panels), with
# vector copies of 32 floats.
s[BB].compute_at(s[C], jo)
s[BB].vectorize(BB.op.axis[1])

print(tvm.lower(s, [A, B, C], simple_mode=True))
