# RFC 0077 layout padding: B[14] stored as 4x4 (transform_layout), its 2 padding cells hold 0
import tvm
from tvm import te

A = te.placeholder((14,), name="A")
B = te.compute((14,), lambda i: A[i] * 2.0, name="B")

s = te.create_schedule(B.op)
# Tessera: io, ii = s[B].transform_layout(lambda i: [(i // 4), (i % 4)], pad_value=0.0)
# TVM's TE cannot pad a layout (transform_layout refuses an index map that does not
# cover its iteration space exactly), so in TVM B keeps its logical layout; its loops are split as the index map splits them:
io, ii = s[B].split(B.op.axis[0], factor=4)
s[B].vectorize(ii)

print(tvm.lower(s, [A, B], simple_mode=True))
