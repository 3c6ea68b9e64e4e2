# Bound-info RFC: flatten an n x n array with a symbolic shape; n >= 0 lets floormod lower to %
import tvm
from tvm import te

n = te.size_var("n")
A = te.placeholder((n, n), name="A")
B = te.compute((n * n,), lambda i: A[tvm.tir.floormod(i, n), tvm.tir.floordiv(i, n)], name="B")

s = te.create_schedule(B.op)

print(tvm.lower(s, [A, B], simple_mode=True))
