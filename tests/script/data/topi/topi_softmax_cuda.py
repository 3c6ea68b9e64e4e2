# topi (intro_topi.py): topi.nn.softmax over the last axis, scheduled for CUDA by
# topi.cuda.schedule_softmax (rows on blocks, the sum of exponentials reduced across
# threads after rfactor).
import tvm
from tvm import te
from tvm import topi

tarray = te.placeholder((16, 96), name="tarray")
softmax_topi = topi.nn.softmax(tarray)
with tvm.target.Target("cuda"):
    sst = topi.cuda.schedule_softmax(softmax_topi)
    print(tvm.lower(sst, [tarray, softmax_topi], simple_mode=True))
