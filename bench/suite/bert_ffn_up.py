# BERT-base, sequence 128: FFN up-projection 768 -> 3072 with bias and GELU.
# (GELU's tanh form, written with exp: tanh(z) = 1 - 2 / (exp(2z) + 1).)
# onednn: ip m=128 ic=768 oc=3072 bias=1 post=gelu_tanh
import tvm
from tvm import te
X = te.placeholder((128, 768), name="X")
W = te.placeholder((3072, 768), name="W")
bias = te.placeholder((3072,), name="bias")
k = te.reduce_axis((0, 768), name="k")
dense = te.compute((128, 3072), lambda i, j: te.sum(X[i, k] * W[j, k], axis=k), name="dense")
def gelu(v):
    z = 0.7978845608 * (v + 0.044715 * v * v * v)
    return 0.5 * v * (2.0 - 2.0 / (te.exp(2.0 * z) + 1.0))
Y = te.compute((128, 3072), lambda i, j: gelu(dense[i, j] + bias[j]), name="Y")
s = te.create_schedule(Y.op)
