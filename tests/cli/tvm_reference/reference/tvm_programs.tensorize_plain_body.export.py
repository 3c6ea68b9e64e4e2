# tensorize: an intrinsic whose body is plain loads and stores written with the
# ir_builder (a 4x4 multiply-accumulate: 4 outputs of C over 4 steps of the reduction),
# declared in the tensorize tutorial's idiom with reset and update parts. The reduction
# is split around it, so reset runs before the k.outer loop and update inside it. The
# body is Tessera-runnable: it runs on the CPU and matches the te oracle.
import tvm
from tvm import te

N, M, L = 24, 32, 16
A = te.placeholder((N, L), name="A")
B = te.placeholder((M, L), name="B")
k = te.reduce_axis((0, L), name="k")
C = te.compute((N, M), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
s = te.create_schedule(C.op)


def intrin_mac(m, l):
    a = te.placeholder((l,), name="a")
    b = te.placeholder((m, l), name="b")
    r = te.reduce_axis((0, l), name="r")
    c = te.compute((m,), lambda i: te.sum(a[r] * b[i, r], axis=r), name="c")
    Ab = tvm.tir.decl_buffer(a.shape, a.dtype, name="Ab", offset_factor=1, strides=[1])
    Bb = tvm.tir.decl_buffer(b.shape, b.dtype, name="Bb", offset_factor=1, strides=[te.var("sb"), 1])
    Cb = tvm.tir.decl_buffer(c.shape, c.dtype, name="Cb", offset_factor=1, strides=[1])

    def intrin_func(ins, outs):
        aa, bb = ins
        cc = outs[0]

        def emit_reset(ib):
            for i in range(m):
                ib.emit(cc.vstore([i], 0.0))

        def emit_update(ib):
            for i in range(m):
                acc = cc.vload([i])
                for t in range(l):
                    acc = acc + aa.vload([t]) * bb.vload([i, t])
                ib.emit(cc.vstore([i], acc))

        body = tvm.tir.ir_builder.create()
        emit_reset(body)
        emit_update(body)
        reset = tvm.tir.ir_builder.create()
        emit_reset(reset)
        update = tvm.tir.ir_builder.create()
        emit_update(update)
        return body.get(), reset.get(), update.get()

    return te.decl_tensor_intrin(c.op, intrin_func, binds={a: Ab, b: Bb, c: Cb}, name="mac")


x, y = C.op.axis
(z,) = C.op.reduce_axis
yo, yi = s[C].split(y, factor=4)
zo, zi = s[C].split(z, factor=4)
s[C].reorder(x, yo, zo, yi, zi)
mac = intrin_mac(4, 4)
s[C].tensorize(yi, mac)
print(tvm.lower(s, [A, B, C], simple_mode=True))
