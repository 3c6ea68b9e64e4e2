# cache_read of a buffer that a block also views with T.match_buffer (strides given as
# constants, the offset left to the match) and another reads opaquely: every reader moves
# to the cache, the view's source region included, its strides and offset kept
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def views(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (64, 64), "float16")
    B = T.match_buffer(b, (64, 64), "float16")
    C = T.match_buffer(c, (64, 64), "float16")
    for i, j in T.grid(64, 64):
        with T.block("copy"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj]
    for i, j in T.grid(4, 4):
        with T.block("tile"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 16 : vi * 16 + 16, vj * 16 : vj * 16 + 16])
            T.writes(C[vi * 16 : vi * 16 + 16, vj * 16 : vj * 16 + 16])
            A0 = T.match_buffer(A[vi * 16 : vi * 16 + 16, vj * 16 : vj * 16 + 16], (16, 16), "float16", strides=[64, 1], offset_factor=1)
            C0 = T.match_buffer(C[vi * 16 : vi * 16 + 16, vj * 16 : vj * 16 + 16], (16, 16), "float16", strides=[64, 1], offset_factor=1)
            for ii, jj in T.grid(16, 16):
                C0[ii, jj] = A0[ii, jj] * T.float16(2)


sch = tir.Schedule(views)
sch.cache_read(sch.get_block("copy"), 0, "global")
print(sch.mod["main"].script())
print(sch.trace)
