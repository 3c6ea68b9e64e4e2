# BERT-base, sequence 128: attention scores Q K^T for 12 heads of 64 (a batched matmul
# with the second operand transposed: K is [head, token, dim]).
# onednn: matmul batch=12 m=128 n=128 k=64 transb=1
import tvm
from tvm import te
Q = te.placeholder((12, 128, 64), name="Q")
K = te.placeholder((12, 128, 64), name="K")
d = te.reduce_axis((0, 64), name="d")
S = te.compute((12, 128, 128), lambda b, i, j: te.sum(Q[b, i, d] * K[b, j, d], axis=d), name="S")
s = te.create_schedule(S.op)
