# tuple_inputs: one compute with two outputs, scheduled through its first output.
import tvm
from tvm import te

n = te.var("n")
m = te.var("m")
A0 = te.placeholder((m, n), name="A0")
A1 = te.placeholder((m, n), name="A1")
B0, B1 = te.compute((m, n), lambda i, j: (A0[i, j] + 2, A1[i, j] * 3), name="B")

s = te.create_schedule(B0.op.output(0).op)
io, ii = s[B0].split(B0.op.axis[1], factor=8)

print(tvm.lower(s, [A0, A1, B0.op.output(0), B0.op.output(1)], simple_mode=True))
