# A trace's decisions are keyed by its instructions: the same Instruction on every read of
# sch.trace and in a copy of the schedule; a round trip's schedule has instructions of its
# own, whose decisions are the same values. The asserts hold in TVM 0.20 (its run below
# ended) and in Tessera. A categorical decision is only checked to be there: TVM 0.20
# returns it as a boxed integer (runtime.BoxInt) that Python's int() refuses.
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule.testing import verify_trace_roundtrip


@T.prim_func
def main(A: T.Buffer((64, 48), "float32"), B: T.Buffer((64, 48), "float32")):
    for i, j in T.grid(64, 48):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + T.float32(1)


def factors(decision):
    return [int(x) for x in decision]


sch = tir.Schedule(main, seed=7)
block = sch.get_block("B")
i, j = sch.get_loops(block)
v = sch.sample_categorical([2, 4, 8], [0.25, 0.5, 0.25])
tile = sch.sample_perfect_tile(i, n=3, decision=[4, 2, 8])
free = sch.sample_perfect_tile(j, n=2)
sch.split(i, factors=tile)
trace = sch.trace
assert [inst.kind.name for inst in trace.insts] == [
    "GetBlock", "GetLoops", "SampleCategorical", "SamplePerfectTile", "SamplePerfectTile", "Split"
]
assert len(trace.decisions) == 3
assert trace.get_decision(trace.insts[0]) is None
assert trace.get_decision(trace.insts[5]) is None
assert trace.get_decision(trace.insts[2]) is not None
assert factors(trace.get_decision(trace.insts[3])) == [4, 2, 8]
# The engine draws what TVM's draws from seed 7.
assert factors(sch.trace.decisions[trace.insts[4]]) == [8, 6]
assert factors(trace.decisions[sch.trace.insts[3]]) == [4, 2, 8]
assert trace.insts[2].same_as(sch.trace.insts[2])
assert not trace.insts[2].same_as(trace.insts[3])
assert trace.insts[0].kind.same_as(sch.trace.insts[0].kind)
copy = sch.copy()
assert factors(copy.trace.get_decision(trace.insts[3])) == [4, 2, 8]
assert copy.trace.decisions[trace.insts[2]] is not None
new_sch = verify_trace_roundtrip(sch, mod=main)
assert new_sch.trace.get_decision(trace.insts[3]) is None
tiles = [inst for inst in new_sch.trace.insts if inst.kind.name == "SamplePerfectTile"]
assert [factors(new_sch.trace.decisions[inst]) for inst in tiles] == [[4, 2, 8], [8, 6]]
assert int(sch.get(v)) in (2, 4, 8)
print(sch.mod["main"].script())
print(sch.trace)
