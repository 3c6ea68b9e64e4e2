# A block that reads at an index computed through a call (floor of a float, a shift)
# reads, as far as TVM's region analysis knows, the whole buffer: its read region is the
# buffer's extent, and a producer computed at a tile's loop computes all of it per tile.
# An index cast from int32 to int64 keeps its interval.
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(x: T.Buffer((2, 48, 48), "float32"), s: T.Buffer((64,), "float32"),
         y: T.Buffer((2, 24, 24), "float32"), z: T.Buffer((128,), "float32"),
         w: T.Buffer((32,), "float32")):
    xc = T.alloc_buffer((2, 48, 48))
    sc = T.alloc_buffer((64,))
    for c, h, v in T.grid(2, 48, 48):
        with T.block("copy"):
            vc, vh, vv = T.axis.remap("SSS", [c, h, v])
            xc[vc, vh, vv] = x[vc, vh, vv]
    for c, h, v in T.grid(2, 24, 24):
        with T.block("resize"):
            vc, vh, vv = T.axis.remap("SSS", [c, h, v])
            y[vc, vh, vv] = xc[vc, T.Cast("int32", T.floor(T.Cast("float32", vh * 2) + T.float32(0.5))), T.Cast("int32", T.floor(T.Cast("float32", vv * 2) + T.float32(0.5)))]
    for i in range(64):
        with T.block("scale"):
            vi = T.axis.remap("S", [i])
            sc[vi] = s[vi] * T.float32(2)
    for i in range(128):
        with T.block("spread"):
            vi = T.axis.remap("S", [i])
            z[vi] = sc[T.shift_right(vi, 1)]
    for i in range(32):
        with T.block("widen"):
            vi = T.axis.remap("S", [i])
            w[vi] = s[T.Cast("int64", vi) + T.int64(8)]


sch = tir.Schedule(main)
block = sch.get_block("resize")
c, h, v = sch.get_loops(block)
ho, hi = sch.split(h, factors=[4, 6])
vo, vi = sch.split(v, factors=[4, 6])
sch.reorder(ho, vo, hi, vi)
sch.compute_at(sch.get_block("copy"), vo)
(i,) = sch.get_loops(sch.get_block("spread"))
io, ii = sch.split(i, factors=[8, 16])
sch.compute_at(sch.get_block("scale"), io)
print(sch.mod["main"].script())
print(sch.trace)
