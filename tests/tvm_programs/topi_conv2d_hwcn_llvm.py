# topi (tedd.py): topi.nn.conv2d_hwcn with "SAME" padding, a broadcast bias by topi.add
# and topi.nn.relu, under topi.generic.schedule_conv2d_hwcn (TVM's default schedule),
# then the padding inlined and the output's channel loop vectorized.
import tvm
from tvm import te
from tvm import topi

batch = 1
in_channel = 8
in_size = 10
num_filter = 16
kernel = 3
stride = 1
padding = "SAME"
dilation = 1

A = te.placeholder((in_size, in_size, in_channel, batch), name="A")
W = te.placeholder((kernel, kernel, in_channel, num_filter), name="W")
B = te.placeholder((1, num_filter, 1), name="bias")

with tvm.target.Target("llvm"):
    t_conv = topi.nn.conv2d_hwcn(A, W, stride, padding, dilation)
    t_bias = topi.add(t_conv, B)
    t_relu = topi.nn.relu(t_bias)
    s = topi.generic.schedule_conv2d_hwcn([t_relu])
pad = t_conv.op.input_tensors[0]
s[pad].compute_inline()
s[t_bias].compute_inline()
s[t_relu].parallel(t_relu.op.axis[0])
print(tvm.lower(s, [A, W, B, t_relu], simple_mode=True))
