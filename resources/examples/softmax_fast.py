# Softmax, fast: the rows of a 1024x1024 float32 matrix with every loop vectorized for
# this machine's vectors (the schedule tessera-bench-cpu times against Halide;
# softmax.py is the simple one; `tessera-cli tune softmax_fast` searches its knobs)
import tvm
from tvm import te
from tvm import autotvm
from tvm.target.x86 import get_simd_32bit_lanes  # where TVM 0.19 defines it (host features outside a target context)

m = 1024
n = 1024
A = te.placeholder((m, n), name="A")
k = te.reduce_axis((0, n), name="k")
maxelem = te.compute((m,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, n), name="k2")
expsum = te.compute((m,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((m, n), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")

s = te.create_schedule(B.op)
i, j = s[B].op.axis
# Three tunable widths: the partial results of each reduction (tile_k, tile_k2) and the
# vector of B's loop (tile_j). Their default follows the machine that runs the script:
# two of its vectors (AVX-512: 32 lanes, AVX2: 16), so every loop has two independent
# vector chains (a single chain of max or add waits on its own latency).
cfg = autotvm.get_config()
cfg.define_split("tile_k", k, num_outputs=2, max_factor=64)
cfg.define_split("tile_k2", k2, num_outputs=2, max_factor=64)
cfg.define_split("tile_j", j, num_outputs=2, max_factor=64)
if cfg.is_fallback:
    lanes = get_simd_32bit_lanes()
    cfg.fallback_split("tile_k", [-1, 2 * lanes])
    cfg.fallback_split("tile_k2", [-1, 2 * lanes])
    cfg.fallback_split("tile_j", [-1, 2 * lanes])
# A reduction over k is one long dependency chain. rfactor splits it into tile_k partial
# results (maxelem.rf[k.inner], one per vector lane), each reducing every tile_k-th
# element; maxelem then combines the partials. Same for expsum.
ko, ki = cfg["tile_k"].apply(s, maxelem, k)
MR = s.rfactor(maxelem, ki)
ko2, ki2 = cfg["tile_k2"].apply(s, expsum, k2)
ER = s.rfactor(expsum, ki2)
# One row per iteration of B's parallel loop; the row's max and exp-sum are computed
# inside it (they stay in the L1 cache with the row), the partials inside them.
s[B].parallel(i)
# Fused multiply-adds in exp's polynomial (inline vector code in the LLVM backend).
s[B].pragma(i, "fp_contract")
jo, ji = cfg["tile_j"].apply(s, B, j)
s[B].vectorize(ji)
s[maxelem].compute_at(s[B], i)
s[expsum].compute_at(s[B], i)
s[MR].compute_at(s[maxelem], s[maxelem].op.axis[0])
s[ER].compute_at(s[expsum], s[expsum].op.axis[0])
# The partials' lane axis innermost and vectorized: tile_k lanes of max / exp + add per
# step (exp is inline vector code in the LLVM backend, no libm call).
mki, mi = s[MR].op.axis
(mko,) = s[MR].op.reduce_axis
s[MR].reorder(mi, mko, mki)
s[MR].vectorize(mki)
eki, ei = s[ER].op.axis
(eko,) = s[ER].op.reduce_axis
s[ER].reorder(ei, eko, eki)
s[ER].vectorize(eki)
