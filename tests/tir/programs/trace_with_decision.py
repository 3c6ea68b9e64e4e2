# A sampled tile replayed with another decision, the way a mutator does it:
# trace.with_decision gives a trace whose tile sampler decides [2, 8, 4] (without what
# followed enter_postproc), the original keeps [4, 2, 8], and apply_to_schedule replays
# the new trace on a fresh schedule, which splits by the new factors
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((64, 48), "float32"), B: T.Buffer((64, 48), "float32")):
    for i, j in T.grid(64, 48):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + T.float32(1)


def factors(decision):
    return [int(x) for x in decision]


sch = tir.Schedule(main, seed=3)
block = sch.get_block("B")
i, j = sch.get_loops(block)
tile = sch.sample_perfect_tile(i, n=3, decision=[4, 2, 8])
i0, i1, i2 = sch.split(i, factors=tile)
sch.enter_postproc()
sch.parallel(i0)
trace = sch.trace
sampler = trace.insts[2]
assert sampler.kind.name == "SamplePerfectTile"
changed = trace.with_decision(sampler, [2, 8, 4], True)
assert factors(changed.get_decision(sampler)) == [2, 8, 4]
assert factors(trace.get_decision(sampler)) == [4, 2, 8]
assert [inst.kind.name for inst in changed.insts] == ["GetBlock", "GetLoops", "SamplePerfectTile", "Split"]
kept = trace.with_decision(sampler, [8, 8, 1], False)
assert [inst.kind.name for inst in kept.insts][-2:] == ["EnterPostproc", "Parallel"]
replayed = tir.Schedule(main)
changed.apply_to_schedule(replayed, remove_postproc=False)
print(replayed.mod["main"].script())
print(replayed.trace)
