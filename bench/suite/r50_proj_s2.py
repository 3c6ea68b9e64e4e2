# ResNet-50, projection shortcut into stage 3: 1x1 convolution 256 -> 512 channels,
# stride 2, 56x56 -> 28x28 (NCHW).
# onednn: conv mb=1 ic=256 ih=56 iw=56 oc=512 kh=1 kw=1 stride=2 pad=0 groups=1
import tvm
from tvm import te
data = te.placeholder((1, 256, 56, 56), name="data")
kernel = te.placeholder((512, 256, 1, 1), name="kernel")
rc = te.reduce_axis((0, 256), name="rc")
conv = te.compute((1, 512, 28, 28), lambda n, f, y, x: te.sum(data[n, rc, y * 2, x * 2] * kernel[f, rc, 0, 0], axis=rc), name="conv")
s = te.create_schedule(conv.op)
