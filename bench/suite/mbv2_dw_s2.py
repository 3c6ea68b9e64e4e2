# MobileNetV2, first block at 28x28: depthwise 3x3 convolution, 144 channels, stride 2,
# padding 1, 56x56 -> 28x28 (NCHW; oneDNN: a grouped convolution, one channel per group).
# onednn: conv mb=1 ic=144 ih=56 iw=56 oc=144 kh=3 kw=3 stride=2 pad=1 groups=144
import tvm
from tvm import te
data = te.placeholder((1, 144, 56, 56), name="data")
kernel = te.placeholder((144, 1, 3, 3), name="kernel")
pad = te.compute((1, 144, 58, 58), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < 57, w >= 1, w < 57), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, "float32")), name="pad")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
dw = te.compute((1, 144, 28, 28), lambda n, c, y, x: te.sum(pad[n, c, y * 2 + ry, x * 2 + rx] * kernel[c, 0, ry, rx], axis=[ry, rx]), name="dw")
s = te.create_schedule(dw.op)
