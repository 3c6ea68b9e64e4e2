# ResNet-50 bottleneck, stage 3: 3x3 convolution 128 -> 128 channels at 28x28, padding 1 (NCHW).
# onednn: conv mb=1 ic=128 ih=28 iw=28 oc=128 kh=3 kw=3 stride=1 pad=1 groups=1
import tvm
from tvm import te
data = te.placeholder((1, 128, 28, 28), name="data")
kernel = te.placeholder((128, 128, 3, 3), name="kernel")
pad = te.compute((1, 128, 30, 30), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < 29, w >= 1, w < 29), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, "float32")), name="pad")
rc = te.reduce_axis((0, 128), name="rc")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
conv = te.compute((1, 128, 28, 28), lambda n, f, y, x: te.sum(pad[n, rc, y + ry, x + rx] * kernel[f, rc, ry, rx], axis=[rc, ry, rx]), name="conv")
s = te.create_schedule(conv.op)
