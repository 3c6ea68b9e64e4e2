# A tile decision that does not fit its loop (3 x 5 for 128), given by
# trace.with_decision and replayed by apply_to_schedule: TVM draws again rather than
# refusing, and the replayed trace records what it drew
from tvm import te, tir

A = te.placeholder((128, 128), name="A")
B = te.compute((128, 128), lambda i, j: A[i, j] * 2.0, name="B")
func = te.create_prim_func([A, B])
sch = tir.Schedule(func)
i, j = sch.get_loops(sch.get_block("B"))
tile = sch.sample_perfect_tile(i, n=2)
sch.split(i, factors=tile)
changed = sch.trace.with_decision(sch.trace.insts[2], [3, 5], True)
replayed = tir.Schedule(func)
changed.apply_to_schedule(replayed, False)
print(replayed.mod["main"].script())
print(replayed.trace)
