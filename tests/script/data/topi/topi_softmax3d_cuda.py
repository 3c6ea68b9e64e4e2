# topi: topi.nn.softmax over the middle axis of a 3-D tensor, scheduled for CUDA by
# topi.cuda.schedule_softmax (not 2-D: each stage's loops fused and spread over blocks
# and threads, as TVM's schedule_injective_from_existing does).
import tvm
from tvm import te
from tvm import topi

y = te.placeholder((3, 10, 7), name="y")
with tvm.target.Target("cuda"):
    s = topi.cuda.schedule_softmax(topi.nn.softmax(y, axis=1))
