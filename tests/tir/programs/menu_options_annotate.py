# The lines the TensorIR menus write for annotate with a bool (TVM stores the int32 it
# is), a list of ints, a list of an int, a float and a str (on a loop), and a float.
import tvm
from tvm import te, tir

A = te.placeholder((16, 64), "float32", name="A")
B = te.placeholder((16, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name="D")
sch = tir.Schedule(te.create_prim_func([A, B, D]))
sch.annotate(sch.get_block("C"), ann_key="flag", ann_val=True)
sch.annotate(sch.get_block("C"), ann_key="tiles", ann_val=[1, 2, -4])
sch.annotate(sch.get_loops(sch.get_block("D"))[0], ann_key="mixed", ann_val=[1, 0.1, "x y"])
sch.annotate(sch.get_block("D"), ann_key="half", ann_val=0.5)
sch.annotate(sch.get_block("D"), ann_key="off", ann_val=False)
print(sch.mod["main"].script())
print(sch.trace)
