# Softmax with both row reductions rfactor'ed by 8 lanes; after rfactor the reduction
# stages are reached through s[T] (TVM's T.op is still the original operation).
import tvm
from tvm import te

m, n = 16, 64
A = te.placeholder((m, n), name="A")
k = te.reduce_axis((0, n), name="k")
maxelem = te.compute((m,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, n), name="k2")
expsum = te.compute((m,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((m, n), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")

s = te.create_schedule(B.op)
partials = []
for T, r in [(maxelem, k), (expsum, k2)]:
    ro, ri = s[T].split(r, factor=8)
    partials.append((T, s.rfactor(T, ri)))
i, j = s[B].op.axis
s[B].parallel(i)
for T, TF in partials:
    s[T].compute_at(s[B], i)
    s[TF].compute_at(s[T], s[T].op.axis[0])
    lane, row = s[TF].op.axis
    (rest,) = s[TF].op.reduce_axis
    s[TF].reorder(row, rest, lane)
    s[TF].vectorize(lane)
print(tvm.lower(s, [A, B], simple_mode=True))
