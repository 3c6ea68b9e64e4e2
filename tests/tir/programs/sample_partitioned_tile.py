# sample_partitioned_tile: tile sizes drawn as TVM draws them (seeded), whose tiles from
# partition_pos on multiply to a multiple of innerpart_factor; a decision that still fits is
# kept, one whose inner tiles no longer make a multiple falls back to [extent / factor, factor]
# (partition_pos 1), one whose tiles no longer divide is repaired from the inside out.
# enter_postproc marks the trace; fork_seed draws from the same random state as TVM's.
import tvm
from tvm import te, tir

A = te.placeholder((64, 48), "float32", name="A")
B = te.placeholder((48, 96), "float32", name="B")
k = te.reduce_axis((0, 48), name="k")
C = te.compute((64, 96), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]), seed=7)
i, j, kk = sch.get_loops(sch.get_block("C"))
ti = sch.sample_partitioned_tile(i, n=3, partition_pos=1, innerpart_factor=4)
tj = sch.sample_partitioned_tile(j, n=2, partition_pos=1, innerpart_factor=8, decision=[3, 32])
tk = sch.sample_partitioned_tile(kk, n=2, partition_pos=1, innerpart_factor=16, decision=[6, 8])
t2 = sch.sample_partitioned_tile(j, n=3, partition_pos=0, innerpart_factor=1)
t3 = sch.sample_partitioned_tile(kk, n=3, partition_pos=2, innerpart_factor=3, decision=[4, 5, 3])
print([int(sch.get(v)) for v in ti], [int(sch.get(v)) for v in tj], [int(sch.get(v)) for v in tk],
      [int(sch.get(v)) for v in t2], [int(sch.get(v)) for v in t3])
sch.split(i, ti)
sch.split(j, tj)
sch.split(kk, tk)
sch.enter_postproc()
assert sch.fork_seed() == 169304196  # what TVM 0.20 forked
# What TVM 0.20 returned.
assert sch.trace.as_json() == [[['GetBlock', [], ['C', 'main'], ['b0']], ['GetLoops', ['b0'], [], ['l1', 'l2', 'l3']], ['SamplePartitionedTile', ['l1'], [3, 1, 4], ['v4', 'v5', 'v6']], ['SamplePartitionedTile', ['l2'], [2, 1, 8], ['v7', 'v8']], ['SamplePartitionedTile', ['l3'], [2, 1, 16], ['v9', 'v10']], ['SamplePartitionedTile', ['l2'], [3, 0, 1], ['v11', 'v12', 'v13']], ['SamplePartitionedTile', ['l3'], [3, 2, 3], ['v14', 'v15', 'v16']], ['Split', ['l1', 'v4', 'v5', 'v6'], [1, 0], ['l17', 'l18', 'l19']], ['Split', ['l2', 'v7', 'v8'], [1, 0], ['l20', 'l21']], ['Split', ['l3', 'v9', 'v10'], [1, 0], ['l22', 'l23']], ['EnterPostproc', [], [], []]], [[2, [1, 16, 4]], [3, [3, 32]], [4, [3, 16]], [5, [2, 1, 48]], [6, [1, 16, 3]]]]
print(sch.mod["main"].script())
print(sch.trace)
