# annotate_buffer_access: a resize reads its input at a float-computed index, so the
# region TVM infers is the whole input; annotated with the window each output reads, a
# copy computed at the tile's loop copies only that window. Then a write region, and a
# second annotation of the same read (the annotation lists the index once).
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(x: T.Buffer((2, 48, 48), "float32"), y: T.Buffer((2, 24, 24), "float32")):
    xc = T.alloc_buffer((2, 48, 48))
    for c, h, w in T.grid(2, 48, 48):
        with T.block("copy"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            xc[vc, vh, vw] = x[vc, vh, vw]
    for c, h, w in T.grid(2, 24, 24):
        with T.block("resize"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            y[vc, vh, vw] = xc[vc, T.Cast("int32", T.floor(T.Cast("float32", vh * 2) + T.float32(0.5))), T.Cast("int32", T.floor(T.Cast("float32", vw * 2) + T.float32(0.5)))]


sch = tir.Schedule(main)
block = sch.get_block("resize")
sch.annotate_buffer_access(block, 0, "read",
                           lambda vc, vh, vw: (vc, (vh * 2 - 1, vh * 2 + 2), (vw * 2 - 1, vw * 2 + 2)))
sch.annotate_buffer_access(block, 0, "write", lambda vc, vh, vw: ((vc, vc + 1), vh, vw))
sch.annotate_buffer_access(block, 0, "read",
                           lambda vc, vh, vw: (vc, (vh * 2 - 1, vh * 2 + 3), (vw * 2 - 1, vw * 2 + 3)))
c, h, w = sch.get_loops(block)
ho, hi = sch.split(h, factors=[4, 6])
wo, wi = sch.split(w, factors=[4, 6])
sch.reorder(ho, wo, hi, wi)
sch.compute_at(sch.get_block("copy"), wo)
print(sch.mod["main"].script())
print(sch.trace)
