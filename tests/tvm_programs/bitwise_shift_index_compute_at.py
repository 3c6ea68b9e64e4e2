# Bound inference through a shift: the producer attached inside the consumer's outer
# loop computes only the words that loop reads (C[i] reads B[i >> 3]; eight consecutive
# i read one word), as TVM's interval rule for shift_right (floordiv by 2^c) gives.
import tvm
from tvm import te

n = 128
A = te.placeholder((n // 8,), dtype="int32", name="A")
B = te.compute((n // 8,), lambda w: (A[w] << 4) ^ (w * 5) ^ (w << 24), name="B")
C = te.compute((n,), lambda i: (B[i >> 3] >> ((i & 7) * 4)) & 15, name="C")

s = te.create_schedule(C.op)
xo, xi = s[C].split(C.op.axis[0], factor=8)
s[B].compute_at(s[C], xo)
print(tvm.lower(s, [A, C], simple_mode=True))
