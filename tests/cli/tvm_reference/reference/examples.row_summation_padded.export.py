# RFC 0077 row_summation: A (16, 14) stored as (16, 4, 4) with zero padding; the
# reduction's loops follow A's layout and overcompute drops the guard 4*jo + ji < 14
import tvm
from tvm import te

A = te.placeholder((16, 14), name="A")
j = te.reduce_axis((0, 14), name="j")
B = te.compute((16,), lambda i: te.sum(A[i, j], axis=j), name="B")

s = te.create_schedule(B.op)
# Tessera: s[A].transform_layout(lambda i, j: [i, (j // 4), (j % 4)], pad_value=0.0)
# TVM's TE cannot pad a layout (transform_layout refuses an index map that does not
# cover its iteration space exactly), so in TVM A keeps its logical layout
jo, ji = s[B].split(j, factor=4)
s[B].pragma(jo, "overcompute")

print(tvm.lower(s, [A, B], simple_mode=True))
