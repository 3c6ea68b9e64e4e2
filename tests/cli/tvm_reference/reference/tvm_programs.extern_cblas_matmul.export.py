# te.extern: TVM's extern_op tutorial (gallery/how_to/work_with_schedules/extern_op.py) —
# a matmul by tvm.contrib.cblas (an extern op whose body call_packs
# "tvm.contrib.cblas.matmul") followed by a bias add. Tessera lowers and exports it;
# running it needs TVM's packed-function registry, which `run` refuses by name. (The
# tutorial's bias is a te.var passed to tvm.build; here it is a constant.)
import tvm
from tvm import te
from tvm.contrib import cblas

n = 1024
l = 128
m = 235
A = te.placeholder((n, l), name="A")
B = te.placeholder((l, m), name="B")
C = cblas.matmul(A, B)
D = te.compute(C.shape, lambda i, j: C[i, j] + 10.0, name="D")

s = te.create_schedule(D.op)
jo, ji = s[D].split(D.op.axis[1], factor=16)

print(tvm.lower(s, [A, B, D], simple_mode=True))
