# 2-D convolution, fast: NCHW float32, 1x64x56x56 input, 64 3x3 filters, padding 1,
# vectorized along OUTPUT CHANNELS as oneDNN's direct convolution and TVM's topi x86
# conv2d_NCHWc do, with a register tile sized for this machine's vectors
# (tessera-bench-tune times it next to oneDNN; conv2d.py is the simple one;
# `tessera-cli tune conv2d_fast` searches its knobs)
import tvm
from tvm import te
from tvm import autotvm
from tvm.target.x86 import get_simd_32bit_lanes  # where TVM 0.19 defines it (host features outside a target context)

batch = 1
in_channel = 64
out_channel = 64
size = 56
kernel_size = 3
padded = size + 2

data = te.placeholder((batch, in_channel, size, size), name="data")
kernel = te.placeholder((out_channel, in_channel, kernel_size, kernel_size), name="kernel")
pad = te.compute(
    (batch, in_channel, padded, padded),
    lambda n, c, h, w: te.if_then_else(
        tvm.tir.all(h >= 1, h < size + 1, w >= 1, w < size + 1),
        data[n, c, h - 1, w - 1],
        tvm.tir.const(0.0, "float32"),
    ),
    name="pad",
)
rc = te.reduce_axis((0, in_channel), name="rc")
ry = te.reduce_axis((0, kernel_size), name="ry")
rx = te.reduce_axis((0, kernel_size), name="rx")
conv = te.compute(
    (batch, out_channel, size, size),
    lambda n, f, y, x: te.sum(pad[n, rc, y + ry, x + rx] * kernel[f, rc, ry, rx], axis=[rc, ry, rx]),
    name="conv",
)

s = te.create_schedule(conv.op)
# The register tile: tile_f output channels (whole vectors) x tile_x output columns of one
# row. Each step of the reduction (rc, ry, rx) loads tile_f / lanes vectors of weights,
# broadcasts one input value per column and does one FMA per accumulator vector.
# `vectors_outer` picks which operand stays in registers during a step: 0, the columns
# outer (each broadcast value feeds the tile_f / lanes weight vectors, which stay live);
# 1, the weight vectors outer (each feeds the tile_x columns, whose broadcasts stay live).
# The default follows the machine that runs the script (32 registers with AVX-512, 16
# without): AVX-512 2 zmm (32 channels) x 8 columns, columns outer (16 accumulators; LLVM
# unrolls the 3 x 3 window and reuses broadcast inputs and weight vectors across it in the
# other half; denser tiles measured slower); AVX2 4 ymm (32 channels) x 3 columns, vectors
# outer: 12 accumulators + 3 broadcasts + 1 weight vector = all 16 ymm, as oneDNN's AVX2
# kernel (56 columns = 18 tiles of 3 and a last one of 2, which the lowering peels).
n, f, y, x = s[conv].op.axis
cfg = autotvm.get_config()
cfg.define_split("tile_f", f, num_outputs=2, max_factor=64)
lanes = get_simd_32bit_lanes()
registers = max(16, 2 * lanes)
vectors = 64 // registers
# As many columns as fit beside the accumulators with their operands (one broadcast per
# column and a weight vector), at most 8 (denser AVX-512 tiles measured slower); the
# weight vectors outer when there are no more columns than vectors.
columns = min(8, (registers - 1) // (vectors + 1))
vectors_outer = int(columns <= vectors)
# define_knob's first candidate is its default.
cfg.define_knob("tile_x", [columns] + [c for c in range(1, registers // 2 + 1) if c != columns])
cfg.define_knob("vectors_outer", [vectors_outer, 1 - vectors_outer])
# The reduction over input channels in chunks: the chunk's weights (tile_f x chunk x 3 x 3
# floats, 9 KB for 32 x 8) stay in L1 while the whole row of column tiles uses them; the
# accumulators are stored and reloaded once per chunk (oneDNN blocks input channels so).
cfg.define_knob("chunk", [8, 16, 4, 32, 64])
# The 3 x 3 window unrolled (1): one input channel's step is one straight block of
# 9 x tile FMAs instead of a 3-iteration ry loop around LLVM's unrolled rx (2 threads,
# AVX-512 and AVX2: 1-6 % faster in 5 of 5 interleaved runs; equal on one thread).
cfg.define_knob("unroll_window", [1, 0])
if cfg.is_fallback:
    cfg.fallback_split("tile_f", [-1, vectors * lanes])

# The weights, packed once per call into blocks of tile_f output channels, channels
# innermost: kernel.global[f // tile_f, rc, ry, rx, f % tile_f], so that one reduction step
# reads its weight vectors from one contiguous run (147 KB, cheap next to the 231 MFLOP).
packed = s.cache_read(kernel, "global", [conv])
# (cfg[...] is read inside the primitives' arguments, which the TVM export prints as the
# chosen values.)
k_block, k_c, k_h, k_w, k_f = s[packed].transform_layout(
    lambda f, c, h, w: [f // cfg["tile_f"].size[-1], c, h, w, f % cfg["tile_f"].size[-1]]
)
s[packed].parallel(k_block)
# As tiles of a vector's channels x as many consecutive (c, h, w) elements of each: a tile
# reads one contiguous run per channel and writes vectors of channels, which the lowering
# does as row loads and a register transpose (innermost loop over the block's channels
# alone: one element per channel, 576 floats apart, gathered; 12 -> 5 us on one thread).
k_run = s[packed].fuse(k_c, k_h, k_w)
k_ro, k_ri = s[packed].split(k_run, factor=min(lanes, cfg["tile_f"].size[-1]))
k_fo, k_fi = s[packed].split(k_f, factor=min(lanes, cfg["tile_f"].size[-1]))
s[packed].reorder(k_block, k_ro, k_fo, k_ri, k_fi)
s[packed].vectorize(k_fi)
# The padding inlined (as TVM's conv2d schedules do): each input value the kernel reads
# is if_then_else(inside the image, data[...], 0). The lowering cuts the column tiles'
# loop where the window is inside the image and tests a row's window once per row (the
# first and the last row each get a copy of their own), and a tap decided to fall on the
# padding is acc + 0*w, which folds away as in TVM: no multiply-add is spent on padding
# (2.4 % of this layer's) except in the first and last tile of the first and last row,
# which keep a guard; no copy. (A padded copy per output row and chunk of input channels,
# the earlier schedule, measured 5 % slower with AVX2 and 10 % with AVX-512 on one thread.)
s[pad].compute_inline()

# The accumulators of one output row and tile_f channels, computed in "local" storage at
# the output's row loop, stored with the output channels innermost ([n, y, x, f]) so that
# each accumulator is one whole vector; within a chunk LLVM keeps a column tile's
# accumulators in registers.
acc = s.cache_write(conv, "local")
fo, fi = cfg["tile_f"].apply(s, conv, f)
# The copy to the NCHW output: row segments of a power of two of at least half a vector
# when one divides the row (8 of 56), else of the widest divisor up to a vector; a
# power-of-two segment is a register transpose of whole tiles with aligned stores (AVX-512:
# 8 columns at a time measured 3-8 % faster than 14).
widest = max(w for w in range(1, lanes + 1) if size % w == 0)
power = max(w for w in [1, 2, 4, 8, 16, 32] if w <= lanes and size % w == 0)
xo, xi = s[conv].split(x, factor=power if 2 * power >= lanes else widest)
s[conv].reorder(n, fo, y, xo, fi, xi)
s[conv].vectorize(xi)
# Blocks of channels x rows are independent: one chunk of them per core.
rows = s[conv].fuse(fo, y)
s[conv].parallel(rows)
# Fused multiply-adds (one rounding; within run --check's tolerance).
s[conv].pragma(rows, "fp_contract")
s[acc].compute_at(s[conv], rows)
a_n, a_y, a_x, a_f = s[acc].transform_layout(lambda n, f, y, x: [n, y, x, f])
a_rc, a_ry, a_rx = s[acc].op.reduce_axis
a_fo, a_fi = s[acc].split(a_f, factor=min(lanes, cfg["tile_f"].size[-1]))
a_rco, a_rci = s[acc].split(a_rc, factor=cfg["chunk"].val)
a_xo, a_xi = s[acc].split(a_x, factor=cfg["tile_x"].val)
# Per chunk of input channels, per column tile: the chunk's reduction (one rc step reads a
# 3 x (tile_x + 2) window of the input), then the register tile.
if cfg["vectors_outer"].val == 1:
    s[acc].reorder(a_n, a_y, a_rco, a_xo, a_rci, a_ry, a_rx, a_fo, a_xi, a_fi)
else:
    s[acc].reorder(a_n, a_y, a_rco, a_xo, a_rci, a_ry, a_rx, a_xi, a_fo, a_fi)
if cfg["unroll_window"].val == 1:
    s[acc].unroll(a_ry)
    s[acc].unroll(a_rx)
s[acc].unroll(a_xi)
s[acc].unroll(a_fo)
s[acc].vectorize(a_fi)
