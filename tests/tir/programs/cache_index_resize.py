# cache_index: a nearest-neighbour resize whose input index is computed per element; each
# index computation of the block is precomputed once into its own buffer by a block placed
# before it (index_var_0 for the larger, then index_var_1), and the block reads them. The
# block's read region stays what it was, as TVM leaves it.
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3, 24, 24), "float32"), B: T.Buffer((2, 3, 48, 48), "float32")):
    for n, c, h, w in T.grid(2, 3, 48, 48):
        with T.block("resize"):
            vn, vc, vh, vw = T.axis.remap("SSSS", [n, c, h, w])
            B[vn, vc, vh, vw] = A[vn, vc, vh // 4 + vw // 4, vw // 2]


sch = tir.Schedule(main)
blocks = sch.cache_index(sch.get_block("resize"), "global")
assert len(blocks) == 2
assert sch.trace.as_json() == [[["GetBlock", [], ["resize", "main"], ["b0"]], ["CacheIndex", ["b0"], ["global", 0], ["b1", "b2"]]], []]
print(sch.mod["main"].script())
print(sch.trace)
