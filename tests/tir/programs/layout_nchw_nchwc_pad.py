# NCHW to NCHW4c on a relu's output whose 6 channels pad to 8: the block writes
# B[n, c // 4, h, w, c % 4] over the padded channels, 0 in the padding
import tvm
from tvm import te, tir

A = te.placeholder((1, 6, 8, 8), "float32", name="A")
B = te.compute(A.shape, lambda n, c, h, w: te.max(A[n, c, h, w], tvm.tir.const(0.0, "float32")), name="B")
sch = tir.Schedule(te.create_prim_func([A, B]))
b = sch.get_block("B")
sch.transform_layout(b, ("write", 0), lambda n, c, h, w: (n, c // 4, h, w, c % 4), pad_value=0.0)
print(sch.mod["main"].script())
print(sch.trace)
