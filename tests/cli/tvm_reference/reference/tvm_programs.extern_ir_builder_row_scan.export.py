# te.extern with a 2-d ir_builder body: each row's running sum (a loop-carried
# recurrence a te.compute cannot express), with if_scope / else_scope and loads through
# the input Buffer (ins[0][i, j], TVM's Buffer.__getitem__); its input is a computed stage,
# which the extern reads whole, and its symbolic row count is a te.var.
import tvm
from tvm import te

m = te.var("m")
n = 16
X = te.placeholder((m, n), name="X")
Y = te.compute((m, n), lambda i, j: X[i, j] + 1.0, name="Y")


def row_prefix_sum(ins, outs):
    ib = tvm.tir.ir_builder.create()
    out = ib.buffer_ptr(outs[0])
    with ib.for_range(0, m, name="i") as i:
        with ib.for_range(0, n, name="j") as j:
            with ib.if_scope(j == 0):
                out[i, j] = ins[0][i, j]
            with ib.else_scope():
                out[i, j] = out[i, j - 1] + ins[0][i, j]
    return ib.get()


S = te.extern((m, n), [Y], row_prefix_sum, name="S")
Z = te.compute((m, n), lambda i, j: S[i, j] - Y[i, j], name="Z")
s = te.create_schedule(Z.op)
yo, yi = s[Y].split(Y.op.axis[1], factor=4)
s[Z].parallel(Z.op.axis[0])
print(tvm.lower(s, [X, Z], simple_mode=True))
