# rolling_buffer of cascaded 3x3 max pools tiled in h and w by tiles that do not divide
# the image: h and w both overlap (a skip predicate for each, beside the tail's); the
# rolling axis is h, the outermost loop whose tiles overlap.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def pool2(A: T.Buffer((1, 12, 12, 16), "int8"), C: T.Buffer((1, 8, 8, 16), "int8")):
    B = T.alloc_buffer([1, 10, 10, 16], dtype="int8")
    for n, h, w, c, rh, rw in T.grid(1, 10, 10, 16, 3, 3):
        with T.block("B"):
            vn, vh, vw, vc, vrh, vrw = T.axis.remap("SSSSRR", [n, h, w, c, rh, rw])
            with T.init():
                B[vn, vh, vw, vc] = T.int8(-128)
            B[vn, vh, vw, vc] = T.max(B[vn, vh, vw, vc], A[vn, vh + vrh, vw + vrw, vc])
    for n, h, w, c, rh, rw in T.grid(1, 8, 8, 16, 3, 3):
        with T.block("C"):
            vn, vh, vw, vc, vrh, vrw = T.axis.remap("SSSSRR", [n, h, w, c, rh, rw])
            with T.init():
                C[vn, vh, vw, vc] = T.int8(-128)
            C[vn, vh, vw, vc] = T.max(C[vn, vh, vw, vc], B[vn, vh + vrh, vw + vrw, vc])


def tile(sch, block, sizes):
    loops = sch.get_loops(sch.get_block(block))
    outer, inner = [], []
    for loop, size in zip(loops, sizes):
        o, i = sch.split(loop, [None, size])
        outer.append(o)
        inner.append(i)
    sch.reorder(*outer, *inner)
    return outer


sch = tir.Schedule(pool2)
outer = tile(sch, "C", [1, 6, 6, 16])
sch.compute_at(sch.get_block("B"), outer[-1])
sch.rolling_buffer(sch.get_block("B"), 0)
print(sch.mod["main"].script())
print(sch.trace)

