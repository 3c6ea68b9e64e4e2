# Softmax over the last axis of BERT-large-style attention scores, 12 heads x 384 x 384
# rows as one 4608 x 384 matrix: memory-bound, judged against the machine's bandwidth
# (reads A once, writes B once).
# roof: bytes=14155776
import tvm
from tvm import te
A = te.placeholder((4608, 384), name="A")
k = te.reduce_axis((0, 384), name="k")
maxelem = te.compute((4608,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, 384), name="k2")
expsum = te.compute((4608,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((4608, 384), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")
s = te.create_schedule(B.op)
