# ResNet-50 bottleneck, stage 2: 1x1 convolution 64 -> 256 channels at 56x56 (NCHW).
# onednn: conv mb=1 ic=64 ih=56 iw=56 oc=256 kh=1 kw=1 stride=1 pad=0 groups=1
import tvm
from tvm import te
data = te.placeholder((1, 64, 56, 56), name="data")
kernel = te.placeholder((256, 64, 1, 1), name="kernel")
rc = te.reduce_axis((0, 64), name="rc")
conv = te.compute((1, 256, 56, 56), lambda n, f, y, x: te.sum(data[n, rc, y, x] * kernel[f, rc, 0, 0], axis=rc), name="conv")
s = te.create_schedule(conv.op)
