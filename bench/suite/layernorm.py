# Layer norm over BERT-base's hidden size, 4096 tokens x 768, with scale and shift:
# memory-bound, judged against the machine's bandwidth (reads X once, writes Y once).
# roof: bytes=25171968
import tvm
from tvm import te
X = te.placeholder((4096, 768), name="X")
gamma = te.placeholder((768,), name="gamma")
beta = te.placeholder((768,), name="beta")
k = te.reduce_axis((0, 768), name="k")
mean = te.compute((4096,), lambda i: te.sum(X[i, k] / 768.0, axis=k), name="mean")
k2 = te.reduce_axis((0, 768), name="k2")
var = te.compute((4096,), lambda i: te.sum((X[i, k2] - mean[i]) * (X[i, k2] - mean[i]) / 768.0, axis=k2), name="var")
Y = te.compute((4096, 768), lambda i, j: (X[i, j] - mean[i]) * te.rsqrt(var[i] + 1e-5) * gamma[j] + beta[j], name="Y")
s = te.create_schedule(Y.op)
