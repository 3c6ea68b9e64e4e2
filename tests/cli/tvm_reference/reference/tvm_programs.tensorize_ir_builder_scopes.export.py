# tensorize with an intrinsic written as TVM's ir_builder writes loops: the gemv
# micro-kernel of the tensorize tutorial ("Reduce-update for Tensorize") as plain loads and
# stores instead of an extern call — `with ib.for_range(...) as r:` loops, an
# `if_scope` / `else_scope` pair, a `new_scope`, an `ib.let` and a scratch buffer from
# `ib.allocate` — so that it runs and is checked against the oracle.
import tvm
from tvm import te

N, M, L = 32, 48, 32
A = te.placeholder((N, L), name="A")
B = te.placeholder((M, L), name="B")
k = te.reduce_axis((0, L), name="k")
C = te.compute((N, M), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
s = te.create_schedule(C.op)


def intrin_gemv(m, l):
    a = te.placeholder((l,), name="a")
    b = te.placeholder((m, l), name="b")
    k = te.reduce_axis((0, l), name="k")
    c = te.compute((m,), lambda i: te.sum(a[k] * b[i, k], axis=k), name="c")
    Ab = tvm.tir.decl_buffer(a.shape, a.dtype, name="A", offset_factor=1, strides=[1])
    Bb = tvm.tir.decl_buffer(b.shape, b.dtype, name="B", offset_factor=1, strides=[te.var("s1"), 1])
    Cb = tvm.tir.decl_buffer(c.shape, c.dtype, name="C", offset_factor=1, strides=[1])

    def intrin_func(ins, outs):
        aa, bb = ins
        cc = outs[0]

        def _body():
            # c[r] = sum over kk of a[kk] * b[r, kk]: the first step stores, the others add.
            ib = tvm.tir.ir_builder.create()
            with ib.for_range(0, m, name="r") as r:
                with ib.for_range(0, l, name="kk") as kk:
                    prod = ib.let("prod", aa.vload([kk]) * bb.vload([r, kk]))
                    with ib.if_scope(kk == 0):
                        ib.emit(cc.vstore([r], prod))
                    with ib.else_scope():
                        ib.emit(cc.vstore([r], cc.vload([r]) + prod))
            return ib.get()

        def _reduce_reset():
            ib = tvm.tir.ir_builder.create()
            with ib.for_range(0, m, name="r", kind="unroll") as r:
                ib.emit(cc.vstore([r], 0.0))
            return ib.get()

        def _reduce_update():
            # Accumulate this step's part in a scratch register, then add it once.
            ib = tvm.tir.ir_builder.create()
            with ib.for_range(0, m, name="r") as r:
                with ib.new_scope():
                    acc = ib.allocate("float32", (1,), name="acc", scope="local")
                    acc[0] = 0.0
                    with ib.for_range(0, l, name="kk") as kk:
                        acc[0] = acc[0] + aa.vload([kk]) * bb.vload([r, kk])
                    ib.emit(cc.vstore([r], cc.vload([r]) + acc[0]))
            return ib.get()

        return _body(), _reduce_reset(), _reduce_update()

    return te.decl_tensor_intrin(c.op, intrin_func, binds={a: Ab, b: Bb, c: Cb}, name="gemv")


factor = 16
x, y = C.op.axis
(z,) = C.op.reduce_axis
yo, yi = s[C].split(y, factor=factor)
zo, zi = s[C].split(z, factor=factor)
s[C].reorder(x, yo, zo, yi, zi)
gemv = intrin_gemv(factor, factor)
s[C].tensorize(yi, gemv)
print(tvm.lower(s, [A, B, C], simple_mode=True))
