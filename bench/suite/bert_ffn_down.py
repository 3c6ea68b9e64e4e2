# BERT-base, sequence 128: FFN down-projection 3072 -> 768 with bias and ReLU.
# onednn: ip m=128 ic=3072 oc=768 bias=1 post=relu
import tvm
from tvm import te
X = te.placeholder((128, 3072), name="X")
W = te.placeholder((768, 3072), name="W")
bias = te.placeholder((768,), name="bias")
k = te.reduce_axis((0, 3072), name="k")
dense = te.compute((128, 768), lambda i, j: te.sum(X[i, k] * W[j, k], axis=k), name="dense")
Y = te.compute((128, 768), lambda i, j: te.max(dense[i, j] + bias[j], tvm.tir.const(0.0, "float32")), name="Y")
s = te.create_schedule(Y.op)
