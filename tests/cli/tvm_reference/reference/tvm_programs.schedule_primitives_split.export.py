# schedule_primitives: split by factor and by nparts on a 2-D elementwise kernel.
import tvm
from tvm import te

m = 64
n = 48
A = te.placeholder((m, n), name="A")
B = te.compute((m, n), lambda i, j: A[i, j] * 2, name="B")

s = te.create_schedule(B.op)
xo, xi = s[B].split(B.op.axis[0], factor=32)
yo, yi = s[B].split(B.op.axis[1], nparts=4)

print(tvm.lower(s, [A, B], simple_mode=True))
