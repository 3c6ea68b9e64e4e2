# 2-D convolution, fast: NCHW float32, 1x64x56x56 input, 64 3x3 filters, padding 1, with
# a register tile of 4 output channels x one 56-wide row (the schedule tessera-bench-cpu
# times against Halide; conv2d.py is the simple one)
import tvm
from tvm import te

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
# Register tile: 4 output channels x 56 columns (7 vectors of 8) = 28 vector
# accumulators; each (rc, ry, rx) step loads 7 input vectors, broadcasts 4 weights and
# does 28 FMAs. 56 is not a multiple of 16, hence 8-wide vectors.
fo, fi = s[conv].split(conv.op.axis[1], factor=4)
xo, xi = s[conv].split(conv.op.axis[3], factor=8)
# The reduction (rc, ry, rx) runs outside the tile; LLVM keeps the tile in registers
# across it (the output row's loads and stores are hoisted out of the reduction).
s[conv].reorder(conv.op.axis[0], fo, conv.op.axis[2], rc, ry, rx, fi, xo, xi)
s[conv].unroll(fi)
s[conv].unroll(xo)
s[conv].vectorize(xi)
# Groups of 4 output channels are independent: one chunk of them per core.
s[conv].parallel(fo)
# Fused multiply-adds (one rounding; within run --check's tolerance).
s[conv].pragma(fo, "fp_contract")

print(tvm.lower(s, [data, kernel, conv], simple_mode=True))
