# conv2d as TensorIR: a padding block feeding a 3x3 convolution, the padding computed
# per output row (compute_at) and the output channels run in parallel; TVM 0.24+'s
# spelling: s_tir.Schedule and get_sblock
import tvm
from tvm import te, s_tir

A = te.placeholder((1, 16, 56, 56), "float32", name="A")
W = te.placeholder((32, 16, 3, 3), "float32", name="W")
Apad = te.compute(
    (1, 16, 58, 58),
    lambda n, c, y, x: tvm.tir.if_then_else(
        tvm.tir.all(y >= 1, y < 57, x >= 1, x < 57), A[n, c, y - 1, x - 1], tvm.tir.const(0.0, "float32")
    ),
    name="Apad",
)
rc = te.reduce_axis((0, 16), name="rc")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
Y = te.compute(
    (1, 32, 56, 56),
    lambda n, f, y, x: te.sum(Apad[n, rc, y + ry, x + rx] * W[f, rc, ry, rx], axis=[rc, ry, rx]),
    name="Y",
)

sch = s_tir.Schedule(te.create_prim_func([A, W, Y]))
y_block = sch.get_sblock("Y")
n, f, y, x, rc, ry, rx = sch.get_loops(y_block)
sch.parallel(f)
sch.compute_at(sch.get_sblock("Apad"), y)
