# A small NCHW convolution as TVM's tests write it: a padded input stage built with
# te.if_then_else and tvm.tir.all, inlined into the convolution; two reduction axes.
import tvm
from tvm import te

batch, in_channel, height, width = 1, 4, 10, 10
out_channel, kernel, pad, stride = 8, 3, 1, 1
A = te.placeholder((batch, in_channel, height, width), name="A")
W = te.placeholder((out_channel, in_channel, kernel, kernel), name="W")
out_size = (height - kernel + 2 * pad) // stride + 1
Apad = te.compute(
    (batch, in_channel, height + 2 * pad, width + 2 * pad),
    lambda nn, cc, yy, xx: tvm.tir.if_then_else(
        tvm.tir.all(yy >= pad, yy - pad < height, xx >= pad, xx - pad < width),
        A[nn, cc, yy - pad, xx - pad],
        tvm.tir.const(0.0, "float32"),
    ),
    name="Apad",
)
rc = te.reduce_axis((0, in_channel), name="rc")
ry = te.reduce_axis((0, kernel), name="ry")
rx = te.reduce_axis((0, kernel), name="rx")
B = te.compute(
    (batch, out_channel, out_size, out_size),
    lambda nn, ff, yy, xx: te.sum(
        Apad[nn, rc, yy * stride + ry, xx * stride + rx] * W[ff, rc, ry, rx], axis=[rc, ry, rx]
    ),
    name="B",
)

s = te.create_schedule(B.op)
s[Apad].compute_inline()
fo, fi = s[B].split(B.op.axis[1], factor=4)
s[B].reorder(B.op.axis[0], fo, B.op.axis[2], fi, B.op.axis[3])
s[B].parallel(fo)

print(tvm.lower(s, [A, W, B], simple_mode=True))
