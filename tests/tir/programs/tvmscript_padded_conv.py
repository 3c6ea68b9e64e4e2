# A padded 1-D convolution in TVMScript: a padding block with T.if_then_else, T.init,
# two reduction-free blocks chained through an allocated buffer; the padding inlined
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def conv1d(X: T.Buffer((4, 30), "float32"), W: T.Buffer((8, 4, 3), "float32"), Y: T.Buffer((8, 30), "float32")):
    T.func_attr({"tir.noalias": True})
    Xp = T.alloc_buffer((4, 32))
    for c, x in T.grid(4, 32):
        with T.block("pad"):
            vc, vx = T.axis.remap("SS", [c, x])
            Xp[vc, vx] = T.if_then_else(1 <= vx and vx < 31, X[vc, vx - 1], T.float32(0))
    for f, x, c, r in T.grid(8, 30, 4, 3):
        with T.block("conv"):
            vf, vx, vc, vr = T.axis.remap("SSRR", [f, x, c, r])
            with T.init():
                Y[vf, vx] = T.float32(0)
            Y[vf, vx] = Y[vf, vx] + Xp[vc, vx + vr] * W[vf, vc, vr]


sch = tir.Schedule(conv1d)
sch.compute_inline(sch.get_block("pad"))
f, x, c, r = sch.get_loops(sch.get_block("conv"))
xo, xi = sch.split(x, factors=[None, 8])
sch.reorder(f, xo, c, r, xi)
print(sch.mod["main"].script())
print(sch.trace)
