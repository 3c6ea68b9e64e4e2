# topi (intro_topi.py): broadcasting tensor arithmetic, topi.elemwise_sum and a full
# topi.sum, scheduled for CUDA by topi.cuda.schedule_reduce (a cross-thread all-reduce
# with rfactor and a store predicate).
import tvm
from tvm import te
from tvm import topi

x, y = 20, 8
a = te.placeholder((x, y, y), name="a")
b = te.placeholder((y, y), name="b")
c = a + b  # topi.broadcast_add
d = a * b  # topi.broadcast_mul
e = topi.elemwise_sum([c, d])
f = e / 2.0
g = topi.sum(f)
with tvm.target.cuda():
    sg = topi.cuda.schedule_reduce(g)
    print(tvm.lower(sg, [a, b, g], simple_mode=True))
