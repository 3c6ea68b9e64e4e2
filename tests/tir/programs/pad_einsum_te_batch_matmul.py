# pad_einsum of te.create_prim_func's batch matmul (a transposed B) to tiles of 16,
# then the padded loops tiled
import tvm
from tvm import te, tir

A = te.placeholder((2, 30, 20), "float32", name="A")
B = te.placeholder((2, 50, 20), "float32", name="B")
k = te.reduce_axis((0, 20), name="k")
C = te.compute((2, 30, 50), lambda b, i, j: te.sum(A[b, i, k] * B[b, j, k], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
c = sch.get_block("C")
sch.pad_einsum(c, [1, 16, 16, 16])
b, i, j, kk = sch.get_loops(c)
io, ii = sch.split(i, factors=[None, 16])
jo, ji = sch.split(j, factors=[None, 16])
sch.reorder(b, io, jo, kk, ii, ji)
print(sch.mod["main"].script())
print(sch.trace)
