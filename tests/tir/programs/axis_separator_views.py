# set_axis_separator on a buffer its blocks read and write through T.match_buffer views:
# a 0-d view of one element gets as many zeros as separators, a view of the same rank the
# same separators
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def rows(A: T.Buffer((16, 128), "float32"), C: T.Buffer((16, 128), "float32")):
    B = T.alloc_buffer((16, 128))
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            B_rows = T.match_buffer(B[vi * 4:vi * 4 + 4, 0:128], (4, 128), offset_factor=1)
            for r, c in T.grid(4, 128):
                B_rows[r, c] = A[vi * 4 + r, c] * T.float32(2)
    for i, j in T.grid(16, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            B_one = T.match_buffer(B[vi, vj], (), offset_factor=1)
            C[vi, vj] = B_one[()] + T.float32(1)


sch = tir.Schedule(rows)
sch.set_axis_separator(sch.get_block("B"), ("write", 0), [1])
print(sch.mod["main"].script())
print(sch.trace)
