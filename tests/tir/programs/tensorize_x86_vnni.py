# A u8 x i8 -> i32 dense layer tensorized with TVM's x86 VNNI intrinsic, imported from
# tvm.tir.tensor_intrin.x86: W's layout packed 16 x 4 by transform_layout, the reduction
# decomposed and the 16 x 4 inner nest replaced by one vpdpbusd (lets of vectors,
# T.reinterpret, T.call_llvm_pure_intrin, vector loads as slices)
import tvm
from tvm import te, tir
from tvm.tir.tensor_intrin.x86 import VNNI_DOT_16x4_INTRIN

m, n, k = 64, 32, 64
X = te.placeholder((m, k), name="X", dtype="uint8")
W = te.placeholder((n, k), name="W", dtype="int8")
rk = te.reduce_axis((0, k), name="k")
C = te.compute(
    (m, n),
    lambda i, j: te.sum(X[i, rk].astype("int32") * W[j, rk].astype("int32"), axis=rk),
    name="compute",
)
sch = tir.Schedule(te.create_prim_func([X, W, C]))
block = sch.get_block("compute")
sch.transform_layout(block, "W", lambda i, j: [i // 16, j // 4, i % 16, j % 4])
_, j, kk = sch.get_loops(block)
_, ji = sch.split(j, factors=[None, 16])
ko, ki = sch.split(kk, factors=[None, 4])
sch.reorder(ko, ji, ki)
sch.decompose_reduction(block, ko)
sch.tensorize(ji, VNNI_DOT_16x4_INTRIN)
print(sch.mod["main"].script())
print(sch.trace)
