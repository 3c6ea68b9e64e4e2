# Known: legality gap — lowering refuses what compute_at accepted. maxelem is computed
# inside B's loop i, but expsum (at the root) reads it too; lowering stops with
# "StorageFlatten: tensor maxelem is accessed but neither realized nor a function argument".
# compute_at cannot refuse it (softmax.py attaches expsum to B next); the check belongs
# before lowering, naming the reader outside the loop. tessera-difftest softmax seed 4.
import tvm
from tvm import te

A = te.placeholder((17, 14), name="A")
k = te.reduce_axis((0, 14), name="k")
maxelem = te.compute((17,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, 14), name="k2")
expsum = te.compute((17,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((17, 14), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")
s = te.create_schedule(B.op)
s[maxelem].compute_at(s[B], B.op.axis[0])
