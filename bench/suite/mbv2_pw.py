# MobileNetV2, expansion of a block at 28x28: pointwise (1x1) convolution 32 -> 192 channels (NCHW).
# onednn: conv mb=1 ic=32 ih=28 iw=28 oc=192 kh=1 kw=1 stride=1 pad=0 groups=1
import tvm
from tvm import te
data = te.placeholder((1, 32, 28, 28), name="data")
kernel = te.placeholder((192, 32, 1, 1), name="kernel")
rc = te.reduce_axis((0, 32), name="rc")
pw = te.compute((1, 192, 28, 28), lambda n, f, y, x: te.sum(data[n, rc, y, x] * kernel[f, rc, 0, 0], axis=rc), name="pw")
s = te.create_schedule(pw.op)
