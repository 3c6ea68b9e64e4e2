# topi (intro_topi.py): topi.cuda.conv2d_nchw with stride 1, padding 2 and dilation 1,
# then topi.nn.relu, scheduled by topi.cuda.schedule_conv2d_nchw (the padding inlined,
# the convolution computed in registers per thread of the relu).
import tvm
from tvm import te
from tvm import topi

data = te.placeholder((1, 3, 20, 20), name="data")
kernel = te.placeholder((4, 3, 5, 5), name="kernel")
with tvm.target.Target("cuda"):
    conv = topi.cuda.conv2d_nchw(data, kernel, 1, 2, 1)
    out = topi.nn.relu(conv)
    sconv = topi.cuda.schedule_conv2d_nchw([out])
    print(tvm.lower(sconv, [data, kernel, out], simple_mode=True))
