# Shape variables listed explicitly among the arguments (tvm.build(s, [A, n, B]) style)
# next to a float scalar: a scaled row sum over an n x m input whose extents are
# te.size_var, with alpha read in the reduction.
import tvm
from tvm import te

n = te.size_var("n")
m = te.size_var("m")
A = te.placeholder((n, m), name="A")
alpha = te.var("alpha", dtype="float32")
k = te.reduce_axis((0, m), name="k")
B = te.compute((n,), lambda i: te.sum(A[i, k] * alpha, axis=k), name="B")

s = te.create_schedule(B.op)
io, ii = s[B].split(B.op.axis[0], factor=4)
s[B].reorder(io, ii, k)
print(tvm.lower(s, [A, n, m, alpha, B], simple_mode=True))
