# 2-D convolution, NCHW float32: 1x64x56x56 input, 64 3x3 filters, padding 1
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
s[pad].compute_inline()
xo, xi = s[conv].split(conv.op.axis[3], factor=8)
s[conv].vectorize(xi)
s[conv].parallel(conv.op.axis[1])

print(tvm.lower(s, [data, kernel, conv], simple_mode=True))
