# 2-D convolution, fast: NCHW float32, 1x64x56x56 input, 64 3x3 filters, padding 1, with
# a register tile of output channels x one 56-wide row sized for this machine's vectors
# (the schedule tessera-bench-cpu times against Halide; conv2d.py is the simple one;
# `tessera-cli tune conv2d_fast` searches its knobs)
import tvm
from tvm import te
from tvm import autotvm
from tvm.topi.x86.utils import get_simd_32bit_lanes

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
# The padded input stays a stage of its own, computed once at the root (0.9 MB, cheap next to the 231
# MFLOP of the convolution) so that the inner loop reads it with plain vector loads
# instead of a guarded, masked load per element.
n, f, y, x = s[conv].op.axis
# Register tile: tile_f output channels x the whole row of 56 columns in vectors of
# tile_x lanes; each (rc, ry, rx) step loads the row's input vectors, broadcasts tile_f
# weights and does tile_f x (56 / tile_x) FMAs. Both are tunable; the default follows
# the machine that runs the script: the widest vector that divides the row (56 = 7 x 8:
# 8 lanes even with AVX-512), and as many channels as leave 3 vector registers for the
# operands (32 registers with AVX-512, 16 without). AVX-512: 4 channels x 7 vectors =
# 28 accumulators; AVX2: 1 x 7 (4 x 7 would need 28 of its 16 registers and spill).
cfg = autotvm.get_config()
cfg.define_split("tile_f", f, num_outputs=2, max_factor=16)
cfg.define_split("tile_x", x, num_outputs=2, max_factor=16)
if cfg.is_fallback:
    lanes = get_simd_32bit_lanes()
    registers = 32 if lanes == 16 else 16
    vector = lanes
    while size % vector != 0 and vector > 1:
        vector = vector // 2
    cfg.fallback_split("tile_x", [-1, vector])
    cfg.fallback_split("tile_f", [-1, max(1, (registers - 3) // (size // vector))])
fo, fi = cfg["tile_f"].apply(s, conv, f)
xo, xi = cfg["tile_x"].apply(s, conv, x)
# The reduction (rc, ry, rx) runs outside the tile; LLVM keeps the tile in registers
# across it (the output row's loads and stores are hoisted out of the reduction).
s[conv].reorder(n, fo, y, rc, ry, rx, fi, xo, xi)
s[conv].unroll(fi)
s[conv].unroll(xo)
s[conv].vectorize(xi)
# Groups of output channels are independent: one chunk of them per core.
s[conv].parallel(fo)
# Fused multiply-adds (one rounding; within run --check's tolerance).
s[conv].pragma(fo, "fp_contract")
