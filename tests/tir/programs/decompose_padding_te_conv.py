# decompose_padding of te.create_prim_func's padding stage of a convolution, computed
# per output row first
import tvm
from tvm import te, tir

A = te.placeholder((1, 4, 14, 14), "float32", name="A")
W = te.placeholder((8, 4, 3, 3), "float32", name="W")
Apad = te.compute(
    (1, 4, 16, 16),
    lambda n, c, y, x: tvm.tir.if_then_else(
        tvm.tir.all(y >= 1, y < 15, x >= 1, x < 15), A[n, c, y - 1, x - 1], tvm.tir.const(0.0, "float32")
    ),
    name="Apad",
)
rc = te.reduce_axis((0, 4), name="rc")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
B = te.compute(
    (1, 8, 14, 14),
    lambda n, f, y, x: te.sum(Apad[n, rc, y + ry, x + rx] * W[f, rc, ry, rx], axis=[rc, ry, rx]),
    name="B",
)
sch = tir.Schedule(te.create_prim_func([A, W, B]))
b = sch.get_block("B")
n, f, y, x, rc, ry, rx = sch.get_loops(b)
pad = sch.get_block("Apad")
sch.compute_at(pad, y)
sch.decompose_padding(pad, sch.get_loops(pad)[3])
print(sch.mod["main"].script())
# TVM 0.20 cannot print a trace that holds decompose_padding (its printer is handed the
# loop as a name where it declares a LoopRV), so only the function is compared.
