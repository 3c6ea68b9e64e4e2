# GEMM, fast: C = A x B, 1024x1024x1024 float32 with a register-blocked micro-kernel sized
# for this machine's vectors (the schedule tessera-bench-cpu times against OpenBLAS and
# Halide; gemm.py is the simple one; `tessera-cli tune gemm_fast` searches its knobs)
import tvm
from tvm import te
from tvm import autotvm
from tvm.target.x86 import get_simd_32bit_lanes

# The benchmark sets M, N and K by rewriting these three lines (keep them "X = <integer>").
M = 1024
N = 1024
K = 1024
A = te.placeholder((M, K), name="A", dtype="float32")
B = te.placeholder((K, N), name="B", dtype="float32")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

s = te.create_schedule(C.op)
# Tessera: the tunable knobs' chosen values as a flat list of primitives; the script's
# schedule code with its knobs (cfg.define_*) is kept here as comments:
#   BB = s.cache_read(B, "global", [C])
#   i, j = s[C].op.axis
#   # The register tile (tile_i rows x tile_j columns of C) is tunable. Its default follows
#   # the vectors of the machine that runs the script: two vectors per row, and as many rows
#   # as leave 3 vector registers for the B vectors and the broadcast A value (x86 has 32
#   # vector registers with AVX-512, 16 without). AVX-512: 8 x 32 = 16 zmm accumulators;
#   # AVX2: 4 x 16 = 8 ymm (8 x 32 would need 32 and spill).
#   cfg = autotvm.get_config()
#   cfg.define_split("tile_j", j, num_outputs=2, max_factor=64)
#   cfg.define_split("tile_i", i, num_outputs=2, max_factor=16)
#   if cfg.is_fallback:
#       lanes = get_simd_32bit_lanes()
#       registers = 32 if lanes == 16 else 16
#       cfg.fallback_split("tile_j", [-1, 2 * lanes])
#       vectors = max(1, cfg["tile_j"].size[-1] // lanes)
#       cfg.fallback_split("tile_i", [-1, max(1, (registers - 3) // vectors)])
#   jo, ji = cfg["tile_j"].apply(s, C, j)
#   io, ii = cfg["tile_i"].apply(s, C, i)
#   # Loop order: column panel (packed once), row tile, then k OUTSIDE the tile: for each k
#   # the tile gets tile_i broadcasts of A[i, k] times one B row; LLVM keeps the tile in
#   # registers across the whole k loop (C's loads and stores are hoisted out).
#   s[C].reorder(jo, io, k, ii, ji)
#   s[C].unroll(ii)      # independent rows: independent FMA chains hide FMA latency
#   s[C].vectorize(ji)   # whole vectors of this machine's width
#   s[C].parallel(jo)    # column panels are independent: one chunk of panels per core
#   # Fused multiply-add: a*b + c in one instruction (one rounding; results stay within
#   # run --check's tolerance). Without it the FMA pipes do half the work.
#   s[C].pragma(jo, "fp_contract")
#   # The panel is packed inside the parallel loop (each core packs its own panels), with
#   # vector copies of one panel row.
#   s[BB].compute_at(s[C], jo)
#   bk, bj = s[BB].op.axis
#   s[BB].vectorize(bj)
# Packing: B.global is the K x tile_j column panel of B that one j.outer iteration uses,
# copied into a contiguous buffer, so the micro-kernel reads B with unit stride instead
# of one 4 KiB-strided row per k.
BB_1 = s.cache_read(B, "global", [C])
# The register tile (tile_i rows x tile_j columns of C) is tunable. Its default follows
# the vectors of the machine that runs the script: two vectors per row, and as many rows
# as leave 3 vector registers for the B vectors and the broadcast A value (x86 has 32
# vector registers with AVX-512, 16 without). AVX-512: 8 x 32 = 16 zmm accumulators;
# AVX2: 4 x 16 = 8 ymm (8 x 32 would need 32 and spill).
jo_1, ji_1 = s[C].split(C.op.axis[1], factor=32)
io_1, ii_1 = s[C].split(C.op.axis[0], factor=8)
# Loop order: column panel (packed once), row tile, then k OUTSIDE the tile: for each k
# the tile gets tile_i broadcasts of A[i, k] times one B row; LLVM keeps the tile in
# registers across the whole k loop (C's loads and stores are hoisted out).
s[C].reorder(jo_1, io_1, k, ii_1, ji_1)
s[C].unroll(ii_1)  # independent rows: independent FMA chains hide FMA latency
s[C].vectorize(ji_1)  # whole vectors of this machine's width
s[C].parallel(jo_1)  # column panels are independent: one chunk of panels per core
# Fused multiply-add: a*b + c in one instruction (one rounding; results stay within
# run --check's tolerance). Without it the FMA pipes do half the work.
s[C].pragma(jo_1, "fp_contract")
# The panel is packed inside the parallel loop (each core packs its own panels), with
# vector copies of one panel row.
s[BB_1].compute_at(s[C], jo_1)
s[BB_1].vectorize(BB_1.op.axis[1])

print(tvm.lower(s, [A, B, C], simple_mode=True))
