# Schedule helpers with keyword and default parameters and a return value, applied to
# several stages by a loop; a closure reads a module-level constant.
import tvm
from tvm import te

LANES = 8


def split_inner(s, T, factor=LANES, axis=-1):
    outer, inner = s[T].split(T.op.axis[axis], factor=factor)
    return outer, inner


n = 128
A = te.placeholder((n, n), name="A")
B = te.compute((n, n), lambda i, j: A[i, j] + A[j, i], name="B")
C = te.compute((n, n), lambda i, j: B[i, j] * 0.5, name="C")

s = te.create_schedule(C.op)
for T in (B, C):
    _, inner = split_inner(s, T)
    s[T].vectorize(inner)
rows_outer, rows_inner = split_inner(s, C, factor=16, axis=0)
s[C].parallel(rows_outer)
print(tvm.lower(s, [A, C], simple_mode=True))
