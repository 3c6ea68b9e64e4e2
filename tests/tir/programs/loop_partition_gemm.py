# loop_partition of a te GEMM whose reduction was decomposed first (Tessera refuses to
# partition the reduction loop of a block with an init: each partition would initialize
# again): the update's k loop cut at 6 of 10, then i at 10 of 16 around both partitions,
# whose blocks are renamed again.
import tvm
from tvm import te, tir
from tvm.script import tir as T

A = te.placeholder((16, 10), "float32", name="A")
W = te.placeholder((10, 12), "float32", name="W")
k = te.reduce_axis((0, 10), name="k")
C = te.compute((16, 12), lambda i, j: te.sum(A[i, k] * W[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, W, C]))
i, j, kk = sch.get_loops(sch.get_block("C"))
sch.decompose_reduction(sch.get_block("C"), i)
sch.loop_partition(kk, factors=[None, 4])
sch.loop_partition(i, factors=[10])
print(sch.mod["main"].script())
print(sch.trace)
