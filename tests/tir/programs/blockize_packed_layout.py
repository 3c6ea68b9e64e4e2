# blockize under a transform_layout'd buffer: the inner block's indices of the packed W,
# (v_j_o * 16 + v_j_i) // 16 and the like, simplified with the inner iterators' domains
# as TVM's blockize does
import tvm
from tvm import te, tir

X = te.placeholder((32, 24), name="X")
W = te.placeholder((48, 24), name="W")
rk = te.reduce_axis((0, 24), name="k")
C = te.compute((32, 48), lambda i, j: te.sum(X[i, rk] * W[j, rk], axis=rk), name="C")
sch = tir.Schedule(te.create_prim_func([X, W, C]))
block = sch.get_block("C")
sch.transform_layout(block, "W", lambda i, j: [i // 16, j // 4, i % 16, j % 4])
i, j, kk = sch.get_loops(block)
jo, ji = sch.split(j, factors=[None, 16])
ko, ki = sch.split(kk, factors=[None, 4])
sch.reorder(jo, ko, ji, ki)
sch.blockize(ji)
print(sch.mod["main"].script())
print(sch.trace)
