# Python control flow choosing the schedule: if/elif/else, a conditional expression,
# a while loop with augmented assignment, assert, break and continue.
import tvm
from tvm import te

n = 256
A = te.placeholder((n,), name="A")
B = te.compute((n,), lambda i: te.exp(A[i]) + 1.0, name="B")

s = te.create_schedule(B.op)
factor = 1
while True:
    factor *= 2
    if factor >= 64:
        break
assert n % factor == 0, "the factor must divide n"
if n >= 1024:
    unroll = 8
elif n >= 128:
    unroll = 4
else:
    unroll = 1
outer, inner = s[B].split(B.op.axis[0], factor=factor)
vo, vi = s[B].split(inner, factor=16 if factor > 16 else factor)
s[B].vectorize(vi)
steps = 0
for k in range(10):
    if k % 2 == 0:
        continue
    steps += 1
assert steps == 5
s[B].unroll(vo) if unroll > 1 else None
s[B].parallel(outer)
print(tvm.lower(s, [A, B], simple_mode=True))
