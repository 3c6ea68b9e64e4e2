# InferBound document, attach paths: C attached at D, D attached at E ({dj, di, ej, ei})
import tvm
from tvm import te

C = te.compute((5, 16), lambda ci, cj: tvm.tir.const(5, "int32"), name="C")
D = te.compute((5, 16), lambda di, dj: C[di, dj] * 2, name="D")
E = te.compute((5, 16), lambda ei, ej: D[ei, ej] * 4, name="E")

s = te.create_schedule(E.op)
s[C].compute_at(s[D], D.op.axis[1])
s[D].compute_at(s[E], E.op.axis[1])

print(tvm.lower(s, [E], simple_mode=True))
