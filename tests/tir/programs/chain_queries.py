# producers, consumers and child blocks as TVM finds them
import tvm
from tvm import te, tir

A = te.placeholder((128, 128), "float32", name="A")
B = te.compute((128, 128), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((128, 128), lambda i, j: B[i, j] + 1.0, name="C")
sch = tir.Schedule(te.create_prim_func([A, C]))
b = sch.get_block("B")
c = sch.get_block("C")
print([sch.get(x).name_hint for x in sch.get_producers(c)])
print([sch.get(x).name_hint for x in sch.get_consumers(b)])
print([sch.get(x).name_hint for x in sch.get_child_blocks(sch.get_block("root"))])
print(sch.mod["main"].script())
print(sch.trace)
