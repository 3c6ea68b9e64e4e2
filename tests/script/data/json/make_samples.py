# Writes the JSON samples tst_json_graph.cpp loads, with the real TVM 0.19:
#   PYTHONPATH=.../tvm/python TVM_LIBRARY_PATH=.../build python3 gen.py
import tvm
from tvm import te

def save(name, obj):
    with open(name, "w") as f:
        f.write(tvm.ir.save_json(obj))

# test_te_tag.py's gemm: a reduction with attrs and a tag.
n = te.size_var("n"); m = te.size_var("m"); l = te.size_var("l")
A = te.placeholder((n, l), name="A")
B = te.placeholder((m, l), name="B")
with tvm.te.tag_scope(tag="gemm"):
    k = te.reduce_axis((0, l), name="k")
    C = te.compute((n, m), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k),
                   attrs={"hello": 1, "arr": [10, 12]})
save("tvm_gemm_tensor.json", C)

# test_te_tensor.py's scan with two states (the op).
x1 = te.placeholder((m, n)); s1 = te.placeholder((m, n))
x2 = te.placeholder((m, n)); s2 = te.placeholder((m, n))
s1_init = te.compute((1, n), lambda _, i: x1[0, i])
s2_init = te.compute((1, n), lambda _, i: x2[0, i])
s1_update = te.compute((m, n), lambda t, i: s1[t - 1, i] + s2[t - 1, i] + x1[t, i])
s2_update = te.compute((m, n), lambda t, i: x2[t, i] + s2[t - 1, i])
r0, r1 = tvm.te.scan([s1_init, s2_init], [s1_update, s2_update], [s1, s2])
save("tvm_scan_op.json", r0.op)

# An elementwise body with intrinsics, select, casts and floor division.
X = te.placeholder((16, 8), name="X", dtype="float32")
Y = te.compute((16, 8), lambda i, j: tvm.tir.Select(
    X[i, j] > 0.5, te.exp(X[i, j]), tvm.tir.Cast("float32", tvm.tir.floordiv(i, 3) + j % 4)),
    name="Y", tag="elemwise")
save("tvm_select_exp.json", Y)

# A max reduction with a condition.
r = te.reduce_axis((0, 8), name="r")
Z = te.compute((16,), lambda i: te.max(X[i, r], axis=r, where=r < 6), name="Z")
save("tvm_max_where.json", Z)
