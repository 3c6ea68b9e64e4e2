# BERT-base, sequence 128: attention context P V for 12 heads (a batched matmul,
# [head, token, token] x [head, token, dim]).
# onednn: matmul batch=12 m=128 n=64 k=128 transb=0
import tvm
from tvm import te
P = te.placeholder((12, 128, 128), name="P")
V = te.placeholder((12, 128, 64), name="V")
t = te.reduce_axis((0, 128), name="t")
O = te.compute((12, 128, 64), lambda b, i, j: te.sum(P[b, i, t] * V[b, t, j], axis=t), name="O")
s = te.create_schedule(O.op)
