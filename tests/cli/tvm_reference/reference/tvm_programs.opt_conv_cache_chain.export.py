# opt_conv_cuda, "Memory hierarchy": the input's shared copy AA is computed at the outer
# reduction loop of the accumulator BL, and read by BL only through the local copy AL,
# computed at the inner reduction loop. TVM lets a stage be computed at a loop of any
# stage downstream of it; here on the CPU (AA in global memory), with a non-dividing row
# split.
import tvm
from tvm import te

n = 50
m = 24
l = 32
A = te.placeholder((n, l), name="A")
W = te.placeholder((l, m), name="W")
rc = te.reduce_axis((0, l), name="rc")
B = te.compute((n, m), lambda i, j: te.sum(A[i, rc] * W[rc, j], axis=rc), name="B")

s = te.create_schedule(B.op)
AA = s.cache_read(A, "global", [B])
AL = s.cache_read(AA, "local", [B])
WL = s.cache_read(W, "local", [B])
BL = s.cache_write(B, "local")
io, ii = s[B].split(s[B].op.axis[0], factor=8)
jo, ji = s[B].split(s[B].op.axis[1], factor=8)
s[B].reorder(io, jo, ii, ji)
s[BL].compute_at(s[B], jo)
rco, rci = s[BL].split(BL.op.reduce_axis[0], factor=8)
s[BL].reorder(rco, rci, BL.op.axis[0], BL.op.axis[1])
s[AA].compute_at(s[BL], rco)
s[AL].compute_at(s[BL], rci)
s[WL].compute_at(s[BL], rci)
s[BL].vectorize(BL.op.axis[1])

print(tvm.lower(s, [A, W, B], simple_mode=True))
