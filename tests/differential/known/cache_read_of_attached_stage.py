# Known: legality gap — pad is computed inside conv's loop ff, then cache_read makes
# pad.global (at the root) its only reader; lowering stops with "StorageFlatten: tensor pad
# is accessed but neither realized nor a function argument". cache_read could refuse (or
# move pad's attachment). tessera-difftest conv2d seed 5130.
import tvm
from tvm import te

C = 4
data = te.placeholder((1, C, 11, 5), name="data")
kernel = te.placeholder((4, C, 1, 1), name="kernel")
pad = te.compute((1, C, 11, 5), lambda n, c, y, x: te.if_then_else(tvm.tir.all(y >= 0, y < 11, x >= 0, x < 5), data[n, c, y - 0, x - 0], tvm.tir.const(0.0, "float32")), name="pad")
rc = te.reduce_axis((0, C), name="rc")
ry = te.reduce_axis((0, 1), name="ry")
rx = te.reduce_axis((0, 1), name="rx")
conv = te.compute((1, 4, 11, 5), lambda n, ff, y, x: te.sum(pad[n, rc, y + ry, x + rx] * kernel[ff, rc, ry, rx], axis=[rc, ry, rx]), name="conv")
s = te.create_schedule(conv.op)
s[pad].compute_at(s[conv], conv.op.axis[1])
pad_global = s.cache_read(pad, "global", [conv])
