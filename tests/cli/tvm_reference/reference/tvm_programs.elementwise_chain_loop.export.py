# A chain of elementwise stages built by a loop (each reads the previous), then
# scheduled by another loop: every intermediate inlined, the last one vectorized.
import tvm
from tvm import te

n = 100
A = te.placeholder((n,), name="A")
stages = [A]
for step in range(4):
    prev = stages[-1]
    stages.append(te.compute((n,), lambda i: prev[i] * 2.0 + step, name="S" + str(step)))
out = stages[-1]

s = te.create_schedule(out.op)
for T in stages:
    if T is not A and T is not out:
        s[T].compute_inline()
xo, xi = s[out].split(out.op.axis[0], factor=4)
s[out].vectorize(xi)
print(tvm.lower(s, [A, out], simple_mode=True))
