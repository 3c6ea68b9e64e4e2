# A topi-style schedule function: one schedule for a list of outputs, built by a loop
# over the output stages (fuse both axes, split the fused loop, parallel + vectorize),
# and the shared elementwise producer inlined by a loop over the outputs' inputs.
import tvm
from tvm import te


def schedule_injective(outs, vector_width=8):
    s = te.create_schedule([x.op for x in outs])
    for out in outs:
        fused = s[out].fuse(out.op.axis[0], out.op.axis[1])
        outer, inner = s[out].split(fused, factor=vector_width)
        s[out].parallel(outer)
        s[out].vectorize(inner)
    return s


m, n = 24, 40
A = te.placeholder((m, n), name="A")
T = te.compute((m, n), lambda i, j: A[i, j] * 2.0, name="T")
B = te.compute((m, n), lambda i, j: T[i, j] + 1.0, name="B")
C = te.compute((m, n), lambda i, j: T[i, j] - 1.0, name="C")

s = schedule_injective([B, C], vector_width=4)
inlined = []
for out in [B, C]:
    for t in out.op.input_tensors:
        if t.op.name != "A" and t.op.name not in inlined:
            s[t].compute_inline()
            inlined.append(t.op.name)
assert len(inlined) == 1, "T is the only intermediate"
print(tvm.lower(s, [A, B, C], simple_mode=True))
