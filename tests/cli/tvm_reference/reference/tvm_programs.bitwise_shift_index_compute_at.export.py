# Bound inference through a shift: the producer attached inside the consumer's outer
# loop computes only the words that loop reads (C[i] reads B[i >> 3]; eight consecutive
# i read one word) by the interval rule for shift_right (floordiv by 2^c). TVM 0.19 has
# the rule but cannot simplify the region's extent and computes all 16 words per i.outer
# (a known departure: tests/cli/tvm_reference/check_against_tvm.py).
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
