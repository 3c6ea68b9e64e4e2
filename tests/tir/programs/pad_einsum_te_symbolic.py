# pad_einsum of te.create_prim_func's matmul over a symbolic row count n: the padded
# extent (n + 31) // 32 * 32 in the padded buffers and loops
import tvm
from tvm import te, tir

n = te.var("n")
A = te.placeholder((n, 64), "float32", name="A")
B = te.placeholder((64, 48), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((n, 48), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
sch.pad_einsum(sch.get_block("C"), [32, 16, 16])
print(sch.mod["main"].script())
print(sch.trace)
