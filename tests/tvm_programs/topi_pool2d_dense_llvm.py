# topi: topi.nn.pool2d (max with padding, then avg counting the padding) in NCHW, a
# topi.reshape to rows and topi.nn.dense with a bias, under topi.generic.schedule_pool
# (TVM's default schedule), then the dense's rows parallelised.
import tvm
from tvm import te
from tvm import topi

data = te.placeholder((2, 4, 12, 12), name="data")
weight = te.placeholder((10, 4 * 3 * 3), name="weight")
bias = te.placeholder((10,), name="bias")
with tvm.target.Target("llvm"):
    pmax = topi.nn.pool2d(data, (3, 3), (2, 2), (1, 1), (1, 1, 1, 1), "max")
    pavg = topi.nn.pool2d(pmax, (2, 2), (2, 2), (1, 1), (0, 0, 1, 1), "avg", count_include_pad=True)
    flat = topi.reshape(pavg, (2, 4 * 3 * 3))
    out = topi.nn.dense(flat, weight, bias)
    s = topi.generic.schedule_dense([out])
s[out].parallel(out.op.axis[0])
print(tvm.lower(s, [data, weight, bias, out], simple_mode=True))
