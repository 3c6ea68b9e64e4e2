# CUDA's DP4A (T.call_pure_extern "__dp4a") from TVM's dot_product_common, as
# arm_cpu re-exports it, on a uint8 x int8 matmul staged through shared memory with a
# local accumulator, scheduled as TVM's test_tensorize_dp4a does.
import tvm
from tvm import te, tir
from tvm.tir.tensor_intrin.arm_cpu import DP4A_U8S8S32_INTRIN

m, n, k = 64, 64, 64
X = te.placeholder((m, k), name="X", dtype="uint8")
W = te.placeholder((n, k), name="W", dtype="int8")
ak = te.reduce_axis((0, k), name="k")
matmul = te.compute(
    (m, n),
    lambda i, j: te.sum(X[i, ak].astype("int32") * W[j, ak].astype("int32"), axis=ak),
    name="compute",
)
sch = tir.Schedule(te.create_prim_func([X, W, matmul]))
block = sch.get_block("compute")
i, j, kk = sch.get_loops(block)
by, ty, yi = sch.split(i, factors=[4, 8, 2])
bx, tx, xi = sch.split(j, factors=[4, 8, 2])
ko, ki = sch.split(kk, [None, 4])
ko, kt = sch.split(ko, factors=[4, 4])
sch.reorder(by, bx, ty, tx, yi, xi)
sch.bind(by, "blockIdx.y")
sch.bind(bx, "blockIdx.x")
sch.bind(ty, "threadIdx.y")
sch.bind(tx, "threadIdx.x")
CC = sch.cache_write(block, 0, "local")
sch.reverse_compute_at(CC, tx)
for index in (0, 1):
    shared = sch.cache_read(block, index, "shared")
    sch.compute_at(shared, ko, True)
sch.decompose_reduction(block, ko)
sch.tensorize(ki, DP4A_U8S8S32_INTRIN)
print(sch.mod["main"].script())
print(sch.trace)
