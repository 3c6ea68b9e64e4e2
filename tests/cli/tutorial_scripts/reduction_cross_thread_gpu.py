# The reduction tutorial's last schedule: rfactor over a split reduction, the factored
# axis bound to threadIdx.x (a cross-thread reduction), rows over blockIdx.x and
# threadIdx.y with a symbolic row count, the store predicated on threadIdx.x == 0
# (tx.var.equal(0)), then built for CUDA and checked from numpy. The rfactor stage's
# local region is clipped at the last block's rows, so its exact extent is symbolic;
# it must still get a constant-size local array (refused before: "the local allocation
# B.rf ... has the symbolic size ...").
import tvm
import tvm.testing
from tvm import te
import numpy as np

n = te.var("n")
m = te.var("m")
A = te.placeholder((n, m), name="A")
k = te.reduce_axis((0, m), "k")
B = te.compute((n,), lambda i: te.sum(A[i, k], axis=k), name="B")
s = te.create_schedule(B.op)
ko, ki = s[B].split(B.op.reduce_axis[0], factor=16)
BF = s.rfactor(B, ki)
print(tvm.lower(s, [A, B], simple_mode=True))
print(s[B].op.body)
xo, xi = s[B].split(s[B].op.axis[0], factor=32)
s[B].bind(xo, te.thread_axis("blockIdx.x"))
s[B].bind(xi, te.thread_axis("threadIdx.y"))
tx = te.thread_axis("threadIdx.x")
s[B].bind(s[B].op.reduce_axis[0], tx)
s[BF].compute_at(s[B], s[B].op.reduce_axis[0])
s[B].set_store_predicate(tx.var.equal(0))
fcuda = tvm.build(s, [A, B], "cuda")
print(fcuda.imported_modules[0].get_source())
nn = 128
dev = tvm.cuda(0)
a = tvm.nd.array(np.random.uniform(size=(nn, nn)).astype(A.dtype), dev)
b = tvm.nd.array(np.zeros(nn, dtype=B.dtype), dev)
fcuda(a, b)
tvm.testing.assert_allclose(b.numpy(), np.sum(a.numpy(), axis=1), rtol=1e-4)
