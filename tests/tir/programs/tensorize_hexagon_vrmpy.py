# Hexagon's vrmpy (32 int32 lanes += 4 uint8 products each) from TVM's tensor_intrin.hexagon
# on a uint8 matmul whose weight is packed 32 x 4, scheduled as TVM's
# test_tensorize_vrmpy does.
import tvm
from tvm import te, tir
from tvm.tir.tensor_intrin.hexagon import VRMPY_u8u8i32_INTRIN

m, n, k = 32, 64, 32
X = te.placeholder((m, k), name="X", dtype="uint8")
W = te.placeholder((n, k), name="W", dtype="uint8")
ak = te.reduce_axis((0, k), name="k")
matmul = te.compute(
    (m, n),
    lambda i, j: te.sum(X[i, ak].astype("int32") * W[j, ak].astype("int32"), axis=ak),
    name="compute",
)
sch = tir.Schedule(te.create_prim_func([X, W, matmul]))
block = sch.get_block("compute")
sch.transform_layout(block, "W", lambda i, j: [i // 32, j // 4, i % 32, j % 4])
_, j, kk = sch.get_loops(block)
_, ji = sch.split(j, factors=[None, 32])
ko, ki = sch.split(kk, factors=[None, 4])
sch.reorder(ko, ji, ki)
sch.decompose_reduction(block, ko)
sch.tensorize(ji, VRMPY_u8u8i32_INTRIN)
print(sch.mod["main"].script())
print(sch.trace)
