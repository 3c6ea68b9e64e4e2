# InferBound document, Ex. 5: compute_at after a split; C's attach path is {j_inner, j_outer, i}
import tvm
from tvm import te

C = te.compute((5, 16), lambda i, j: tvm.tir.const(5, "int32"), name="C")
D = te.compute((5, 16), lambda i, j: C[i, j] * 2, name="D")

s = te.create_schedule(D.op)
d_o, d_i = s[D].split(D.op.axis[1], factor=8)
s[C].compute_at(s[D], d_i)

print(tvm.lower(s, [D], simple_mode=True))
