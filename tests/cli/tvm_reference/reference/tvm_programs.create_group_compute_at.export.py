# create_group: a producer chain (P = A + 1, Q = 2 * P, both read by R's tile) grouped
# and moved as one with a single compute_at. Both members are computed at R's outer
# tile loop and realize the 8x4 block the tile reads (Q's own compute_at is the group's).
import tvm
from tvm import te

A = te.placeholder((64, 32), name="A")
P = te.compute((64, 32), lambda i, j: A[i, j] + 1.0, name="P")
Q = te.compute((64, 32), lambda i, j: P[i, j] * 2.0, name="Q")
R = te.compute((64, 32), lambda i, j: Q[i, j] - A[i, j], name="R")

s = te.create_schedule(R.op)
io, jo, ii, ji = s[R].tile(R.op.axis[0], R.op.axis[1], x_factor=8, y_factor=4)
g = s.create_group(outputs=[Q], inputs=[A])
g.compute_at(s[R], jo)

print(tvm.lower(s, [A, R], simple_mode=True))
