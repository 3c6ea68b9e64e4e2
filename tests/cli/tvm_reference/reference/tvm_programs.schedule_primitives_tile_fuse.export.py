# schedule_primitives: tile two axes, then fuse the two outer tiles into one loop.
import tvm
from tvm import te

m = n = 64
A = te.placeholder((m, n), name="A")
B = te.compute((m, n), lambda i, j: A[i, j] + 1.0, name="B")

s = te.create_schedule(B.op)
xo, yo, xi, yi = s[B].tile(B.op.axis[0], B.op.axis[1], x_factor=10, y_factor=5)
fused = s[B].fuse(xo, yo)
s[B].parallel(fused)
print(tvm.lower(s, [A, B], simple_mode=True))
