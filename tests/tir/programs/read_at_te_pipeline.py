# read_at of a te pipeline's intermediate: B computed per tile of 6 rows of C and copied
# into a local buffer per tile, between its producer and its consumer (6 rows: Tessera
# refuses a copy whose tile runs past the buffer, where TVM copies out of bounds). The
# consumer reads row i reversed: its region 19 - j relaxes to the whole row.
import tvm
from tvm import te, tir

A = te.placeholder((30, 20), "float32", name="A")
B = te.compute((30, 20), lambda i, j: A[i, j] * 3.0, name="B")
C = te.compute((30, 20), lambda i, j: B[i, 19 - j] * 2.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
bb = sch.get_block("B")
cb = sch.get_block("C")
i, j = sch.get_loops(cb)
io, ii = sch.split(i, factors=[None, 6])
sch.compute_at(bb, io)
staged = sch.read_at(io, cb, 0, "local")
print(sch.mod["main"].script())
print(sch.trace)
