# tensor_expr_get_started as the tutorial runs it: every schedule is built, then run and
# timed from Python (tvm.build, tvm.device, tvm.nd arrays from numpy, time_evaluator,
# tvm.testing.assert_allclose, timeit, %-formatted reports, the CUDA branch behind a
# flag). Tessera keeps that runtime half and does not run it; the last schedule is the
# program `tessera-cli run --check` runs and checks.
import tvm
import tvm.testing
from tvm import te
import numpy as np
import timeit

tgt = tvm.target.Target(target="llvm", host="llvm")
n = te.var("n")
A = te.placeholder((n,), name="A")
B = te.placeholder((n,), name="B")
C = te.compute(A.shape, lambda i: A[i] + B[i], name="C")
s = te.create_schedule(C.op)
fadd = tvm.build(s, [A, B, C], tgt, name="myadd")
dev = tvm.device(tgt.kind.name, 0)

size = 1024
a = tvm.nd.array(np.random.uniform(size=size).astype(A.dtype), dev)
b = tvm.nd.array(np.random.uniform(size=size).astype(B.dtype), dev)
c = tvm.nd.array(np.zeros(size, dtype=C.dtype), dev)
fadd(a, b, c)
tvm.testing.assert_allclose(c.numpy(), a.numpy() + b.numpy())

repeat = 100
elapsed = timeit.timeit(setup="import numpy\n" "x = 1\n", stmt="answer = x + x", number=repeat)
print("Numpy running time: %f" % (elapsed / repeat))

def evaluate_addition(func, target, optimization, log):
    dev = tvm.device(target.kind.name, 0)
    count = 32768
    a = tvm.nd.array(np.random.uniform(size=count).astype(A.dtype), dev)
    b = tvm.nd.array(np.random.uniform(size=count).astype(B.dtype), dev)
    c = tvm.nd.array(np.zeros(count, dtype=C.dtype), dev)
    evaluator = func.time_evaluator(func.entry_name, dev, number=10)
    mean_time = evaluator(a, b, c).mean
    print("%s: %f" % (optimization, mean_time))
    log.append((optimization, mean_time))

log = [("numpy", elapsed / repeat)]
evaluate_addition(fadd, tgt, "naive", log=log)

s[C].parallel(C.op.axis[0])
print(tvm.lower(s, [A, B, C], simple_mode=True))
fadd_parallel = tvm.build(s, [A, B, C], tgt, name="myadd_parallel")
fadd_parallel(a, b, c)
evaluate_addition(fadd_parallel, tgt, "parallel", log=log)

n = te.var("n")
A = te.placeholder((n,), name="A")
B = te.placeholder((n,), name="B")
C = te.compute(A.shape, lambda i: A[i] + B[i], name="C")
s = te.create_schedule(C.op)
factor = 4
outer, inner = s[C].split(C.op.axis[0], factor=factor)
s[C].parallel(outer)
s[C].vectorize(inner)
fadd_vector = tvm.build(s, [A, B, C], tgt, name="myadd_parallel")
evaluate_addition(fadd_vector, tgt, "vector", log=log)
print(tvm.lower(s, [A, B, C], simple_mode=True))

baseline = log[0][1]
print("%s\t%s\t%s" % ("Operator".rjust(20), "Timing".rjust(20), "Performance".rjust(20)))
for result in log:
    print("%s\t%s\t%s" % (result[0].rjust(20), str(result[1]).rjust(20), str(result[1] / baseline).rjust(20)))

run_cuda = False
if run_cuda:
    tgt_gpu = tvm.target.Target(target="cuda", host="llvm")
    bx, tx = s[C].split(C.op.axis[0], factor=64)
    s[C].bind(bx, te.thread_axis("blockIdx.x"))
    s[C].bind(tx, te.thread_axis("threadIdx.x"))
    fadd = tvm.build(s, [A, B, C], target=tgt_gpu, name="myadd")
    if tgt_gpu.kind.name == "cuda":
        dev_module = fadd.imported_modules[0]
        print(dev_module.get_source())
