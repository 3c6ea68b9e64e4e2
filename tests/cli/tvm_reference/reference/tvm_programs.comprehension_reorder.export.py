# Comprehensions, dicts, zip and enumerate building the arguments of primitives:
# the split factors come from a dict, the new loops from a list comprehension.
import tvm
from tvm import te

shape = (32, 48, 16)
A = te.placeholder(shape, name="A")
B = te.compute(shape, lambda i, j, k: A[i, j, k] * 3.0, name="B")

s = te.create_schedule(B.op)
factors = {"i": 8, "j": 16}
splits = {}
for idx, (name, f) in enumerate(factors.items()):
    splits[name] = s[B].split(B.op.axis[idx], factor=f)
outers = [splits[name][0] for name in ["i", "j"]]
inners = [pair[1] for pair in splits.values()]
order = outers + inners + [B.op.axis[2]]
s[B].reorder(order[0], order[1], order[2], order[3], order[4])
sizes = {name: size for name, size in zip(["i", "j", "k"], shape)}
assert sizes["k"] == 16 and len(order) == 5
s[B].vectorize(order[-1])
print(tvm.lower(s, [A, B], simple_mode=True))
