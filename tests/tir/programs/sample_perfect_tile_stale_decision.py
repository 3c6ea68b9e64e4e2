# a sample_perfect_tile decision that no longer tiles the loop (its product is not the
# extent) is repaired as TVM repairs it on replay: each inner tile that does not divide
# what is left becomes all of it, the outermost takes the rest ([4, 16] -> [8, 16],
# [3, 5] -> [1, 128]); a sample_categorical decision out of range is an error
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.compute((128, 128), lambda i, j: A[i, j] * 2.0, name="B")
sch = tir.Schedule(te.create_prim_func([A, B]))
b = sch.get_block("B")
i, j = sch.get_loops(b)
ti = sch.sample_perfect_tile(i, n=2, decision=[4, 16])
tj = sch.sample_perfect_tile(j, n=3, decision=[3, 5, 2])
print([int(sch.get(v)) for v in ti], [int(sch.get(v)) for v in tj])
for bad in (3, -1):
    try:
        sch.sample_categorical([1, 2, 3], [0.2, 0.3, 0.5], decision=bad)
        raise AssertionError("decision %d must fail" % bad)
    except ValueError:
        print("sample_categorical decision=%d: ValueError" % bad)
io, ii = sch.split(i, factors=ti)
j0, j1, j2 = sch.split(j, factors=tj)
print(sch.mod["main"].script())
print(sch.trace)
