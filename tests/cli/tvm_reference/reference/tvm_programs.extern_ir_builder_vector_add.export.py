# te.extern: TVM's ir_builder test (tests/python/tir-base/test_tir_ir_builder.py test_cpu) —
# a vector add written as a loop with tvm.tir.ir_builder over the extern's buffers
# (ib.buffer_ptr), then an element-wise stage that reads the extern's output; the
# consumer's loop is split and vectorized.
import tvm
from tvm import te

n = 1024
A = te.placeholder((n,), name="A")
B = te.placeholder((n,), name="B")


def test_device_ir(A, B, C):
    n = A.shape[0]
    ib = tvm.tir.ir_builder.create()
    Aptr = ib.buffer_ptr(A)
    Bptr = ib.buffer_ptr(B)
    Cptr = ib.buffer_ptr(C)
    with ib.for_range(0, n, name="i") as i:
        Cptr[i] = Aptr[i] + Bptr[i]
    body = ib.get()
    return body


C = te.extern(A.shape, [A, B], lambda ins, outs: test_device_ir(ins[0], ins[1], outs[0]),
              name="vector_add", dtype="float32")
D = te.compute((n,), lambda i: C[i] * 2.0, name="D")
s = te.create_schedule(D.op)
xo, xi = s[D].split(D.op.axis[0], factor=8)
s[D].vectorize(xi)
print(tvm.lower(s, [A, B, D], simple_mode=True))
