# loop_partition of an elementwise nest: i cut at 2, 3 and 5 of 8 (four partitions, the
# last one the remainder), then j of the first partition's block at 4 and 9 of 12. Each
# partition is a block "<block>_<loop><n>_partition" under "<block>_<loop>_common"; the
# blocks below a partition get the loop's new name as a suffix and their regions become
# their iterators' domains.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def elementwise(A: T.Buffer((8, 12, 6), "float32"), B: T.Buffer((8, 12, 6), "float32")):
    for i, j, k in T.grid(8, 12, 6):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2)


sch = tir.Schedule(elementwise)
i, j, k = sch.get_loops(sch.get_block("B"))
parts = sch.loop_partition(i, factors=[2, 1, 2])
print(len(parts))
i, j, k = sch.get_loops(sch.get_block("B_i0"))
parts = sch.loop_partition(j, factors=[4, None, 3])
print(len(parts))
# What TVM 0.20 returned.
assert sch.trace.as_json() == [[['GetBlock', [], ['B', 'main'], ['b0']], ['GetLoops', ['b0'], [], ['l1', 'l2', 'l3']], ['LoopPartition', ['l1', 2, 1, 2], [1], ['l4', 'l5', 'l6', 'l7']], ['GetBlock', [], ['B_i0', 'main'], ['b8']], ['GetLoops', ['b8'], [], ['l9', 'l10', 'l11']], ['LoopPartition', ['l10', 4, 'None', 3], [1], ['l12', 'l13', 'l14']]], []]
print(sch.mod["main"].script())
print(sch.trace)
