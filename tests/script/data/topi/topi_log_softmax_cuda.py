# topi: topi.nn.log_softmax over the rows of a 2-D tensor, scheduled for CUDA by
# topi.cuda.schedule_softmax (its log_softmax_output branch: the sum of exponentials
# reduced across 64 threads after rfactor, rows on blocks).
import tvm
from tvm import te
from tvm import topi

x = te.placeholder((12, 80), name="x")
with tvm.target.Target("cuda"):
    s = topi.cuda.schedule_softmax(topi.nn.log_softmax(x))
