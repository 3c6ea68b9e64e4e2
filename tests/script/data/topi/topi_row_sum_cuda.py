# topi: a row sum (topi.sum over the last axis of an exp) scheduled for CUDA by
# topi.cuda.schedule_reduce's per-output branch: rows fused and split over blockIdx.x /
# threadIdx.y, each row reduced across 32 threadIdx.x threads after rfactor.
import tvm
from tvm import te
from tvm import topi

A = te.placeholder((40, 70), name="A")
B = topi.sum(topi.exp(A), axis=1)
with tvm.target.Target("cuda"):
    s = topi.cuda.schedule_reduce(B)
    print(tvm.lower(s, [A, B], simple_mode=True))
