# TVM's arm_cpu dot-product intrinsics (sdot, and NEON's smull / saddlp / addp with
# T.vectorlow / T.vectorhigh) on an int8 matmul whose weight is packed 4 x 4, scheduled as
# TVM's test_tensorize_arm_dot does.
import tvm
from tvm import te, tir
from tvm.tir.tensor_intrin.arm_cpu import ARM_DOT_4x4_i8_NEON_INTRIN

m, n, k = 32, 32, 32
X = te.placeholder((m, k), name="X", dtype="int8")
W = te.placeholder((n, k), name="W", dtype="int8")
ak = te.reduce_axis((0, k), name="k")
matmul = te.compute(
    (m, n),
    lambda i, j: te.sum(X[i, ak].astype("int32") * W[j, ak].astype("int32"), axis=ak),
    name="compute",
)
sch = tir.Schedule(te.create_prim_func([X, W, matmul]))
block = sch.get_block("compute")
sch.transform_layout(block, "W", lambda i, j: [i // 4, j // 4, i % 4, j % 4])
_, j, kk = sch.get_loops(block)
_, ji = sch.split(j, factors=[None, 4])
ko, ki = sch.split(kk, factors=[None, 4])
sch.reorder(ko, ji, ki)
sch.decompose_reduction(block, ko)
sch.tensorize(ji, ARM_DOT_4x4_i8_NEON_INTRIN)
print(sch.mod["main"].script())
print(sch.trace)
