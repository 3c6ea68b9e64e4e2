# GEMM with padded operand layouts (RFC 0077): K = 100 is stored in blocks of 16, A as
# [i, k // 16, k % 16] and B blocked as [k // 16, j // 16, k % 16, j % 16], zero padding
import tvm
from tvm import te

M, N, K = 96, 80, 100
A = te.placeholder((M, K), name="A")
B = te.placeholder((K, N), name="B")
k = te.reduce_axis((0, K), name="k")
C = te.compute((M, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

s = te.create_schedule(C.op)
# Tessera: s[A].transform_layout(lambda i, k: [i, (k // 16), (k % 16)], pad_value=0.0, axis_separators=[1])
# TVM's TE cannot pad a layout (transform_layout refuses an index map that does not
# cover its iteration space exactly), so in TVM A keeps its logical layout
# Tessera: s[B].transform_layout(lambda k, j: [(k // 16), (j // 16), (k % 16), (j % 16)], pad_value=0.0)
# TVM's TE cannot pad a layout (transform_layout refuses an index map that does not
# cover its iteration space exactly), so in TVM B keeps its logical layout
ko, ki = s[C].split(k, factor=16)
jo, jj = s[C].split(C.op.axis[1], factor=16)
s[C].reorder(C.op.axis[0], jo, ko, ki, jj)
s[C].vectorize(jj)
s[C].parallel(C.op.axis[0])
s[C].pragma(ko, "overcompute")

print(tvm.lower(s, [A, B, C], simple_mode=True))
