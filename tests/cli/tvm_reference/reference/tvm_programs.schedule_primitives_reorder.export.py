# schedule_primitives: split both axes and reorder the four loops.
import tvm
from tvm import te

m, n = 32, 40
A = te.placeholder((m, n), name="A")
B = te.compute((m, n), lambda i, j: A[i, j] * A[i, j], name="B")

s = te.create_schedule(B.op)
xo, xi = s[B].split(B.op.axis[0], factor=8)
yo, yi = s[B].split(B.op.axis[1], factor=8)
s[B].reorder(xi, yo, xo, yi)

print(tvm.lower(s, [A, B], simple_mode=True))
