# storage_align (TVM's schedule primitive for bank-conflict-free rows): a stage computed
# at a tiled consumer loop, both of its dimensions aligned — each element's stride
# rounded up to 8k + 3 and each row's to 16k + 5, as StorageFlatten pads strides.
import tvm
from tvm import te

A = te.placeholder((64, 30), name="A")
B = te.compute((64, 30), lambda i, j: A[i, j] + 1.0, name="B")
C = te.compute((64, 30), lambda i, j: B[i, j] * 2.0, name="C")

s = te.create_schedule(C.op)
s[B].storage_align(B.op.axis[1], 8, 3)
s[B].storage_align(B.op.axis[0], 16, 5)
xo, xi = s[C].split(C.op.axis[0], factor=4)
s[B].compute_at(s[C], xo)

print(tvm.lower(s, [A, C], simple_mode=True))
