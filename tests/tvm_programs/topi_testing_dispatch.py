# topi.testing's dispatch as TOPI's tests use it (TVM's test_te_tensor_overload.py,
# verify_conv2d_scalar_bop): the conv2d implementation and schedule for the target's
# keys (llvm -> cpu -> topi.x86), a scalar added to the convolution's output; then the
# output's channels parallelised.
import tvm
from tvm import te
from tvm import topi
import tvm.topi.testing

conv2d_nchw, schedule_conv2d_nchw = tvm.topi.testing.get_conv2d_nchw_implement("llvm")
with tvm.target.Target("llvm"):
    A = te.placeholder((1, 3, 10, 10), name="A")
    W = te.placeholder((4, 3, 3, 3), name="W")
    B = conv2d_nchw(A, W, 1, 1, (1, 1), A.dtype)
    C = B + 10.0
    s = schedule_conv2d_nchw([C])
s[C].parallel(C.op.axis[1])
print(tvm.lower(s, [A, W, B, C], simple_mode=True))
