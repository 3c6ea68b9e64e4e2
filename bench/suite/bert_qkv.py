# BERT-base, sequence 128: the fused Q, K, V projection, 768 -> 3 x 768, with bias
# (weights [out, in], as a dense layer and oneDNN's inner product take them).
# onednn: ip m=128 ic=768 oc=2304 bias=1 post=none
import tvm
from tvm import te
X = te.placeholder((128, 768), name="X")
W = te.placeholder((2304, 768), name="W")
bias = te.placeholder((2304,), name="bias")
k = te.reduce_axis((0, 768), name="k")
dense = te.compute((128, 2304), lambda i, j: te.sum(X[i, k] * W[j, k], axis=k), name="dense")
Y = te.compute((128, 2304), lambda i, j: dense[i, j] + bias[j], name="Y")
s = te.create_schedule(Y.op)
