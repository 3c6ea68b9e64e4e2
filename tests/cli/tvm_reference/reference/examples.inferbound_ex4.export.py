# InferBound document, Ex. 4: C computed at D's innermost axis; C's attach path is {dk, dj, di}
import tvm
from tvm import te

C = te.compute((5, 16), lambda i, j: tvm.tir.const(5, "int32"), name="C")
D = te.compute((4, 5, 16), lambda di, dj, dk: C[dj, dk] * 2, name="D")

s = te.create_schedule(D.op)
s[C].compute_at(s[D], D.op.axis[2])

print(tvm.lower(s, [D], simple_mode=True))
