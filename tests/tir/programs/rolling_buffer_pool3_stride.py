# rolling_buffer of three cascaded 3x3 max pools, the middle one strided: both
# intermediate buffers roll along h, the one read with stride 2 by a tile of 13 rows
# advancing by 8.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def pool3(A: T.Buffer((1, 24, 24, 16), "int8"), C: T.Buffer((1, 8, 8, 16), "int8")):
    B0 = T.alloc_buffer([1, 22, 22, 16], dtype="int8")
    B1 = T.alloc_buffer([1, 10, 10, 16], dtype="int8")
    for n, h, w, c, rh, rw in T.grid(1, 22, 22, 16, 3, 3):
        with T.block("B0"):
            vn, vh, vw, vc, vrh, vrw = T.axis.remap("SSSSRR", [n, h, w, c, rh, rw])
            with T.init():
                B0[vn, vh, vw, vc] = T.int8(-128)
            B0[vn, vh, vw, vc] = T.max(B0[vn, vh, vw, vc], A[vn, vh + vrh, vw + vrw, vc])
    for n, h, w, c, rh, rw in T.grid(1, 10, 10, 16, 3, 3):
        with T.block("B1"):
            vn, vh, vw, vc, vrh, vrw = T.axis.remap("SSSSRR", [n, h, w, c, rh, rw])
            with T.init():
                B1[vn, vh, vw, vc] = T.int8(-128)
            B1[vn, vh, vw, vc] = T.max(B1[vn, vh, vw, vc], B0[vn, vh * 2 + vrh, vw * 2 + vrw, vc])
    for n, h, w, c, rh, rw in T.grid(1, 8, 8, 16, 3, 3):
        with T.block("C"):
            vn, vh, vw, vc, vrh, vrw = T.axis.remap("SSSSRR", [n, h, w, c, rh, rw])
            with T.init():
                C[vn, vh, vw, vc] = T.int8(-128)
            C[vn, vh, vw, vc] = T.max(C[vn, vh, vw, vc], B1[vn, vh + vrh, vw + vrw, vc])


def tile(sch, block, sizes):
    loops = sch.get_loops(sch.get_block(block))
    outer, inner = [], []
    for loop, size in zip(loops, sizes):
        o, i = sch.split(loop, [None, size])
        outer.append(o)
        inner.append(i)
    sch.reorder(*outer, *inner)
    return outer


sch = tir.Schedule(pool3)
outer = tile(sch, "C", [1, 4, 4, 16])
sch.compute_at(sch.get_block("B1"), outer[-1])
sch.compute_at(sch.get_block("B0"), outer[-1])
sch.rolling_buffer(sch.get_block("B0"), 0)
sch.rolling_buffer(sch.get_block("B1"), 0)
print(sch.mod["main"].script())
print(sch.trace)
