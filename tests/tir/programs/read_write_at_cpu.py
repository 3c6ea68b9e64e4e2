# read_at / write_at on the CPU: a scaled GEMM copies the scale per row tile (after the
# block under the loop that writes it, before the one that reads it) and keeps C's tile
# in a local buffer over the whole k loop, written back after it.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def scaled_gemm(A: T.Buffer((64, 48), "float32"), B: T.Buffer((48, 40), "float32"),
                S: T.Buffer((64,), "float32"), C: T.Buffer((64, 40), "float32")):
    Sx = T.alloc_buffer((64,), "float32")
    for j0 in range(5):
        for i0 in range(4):
            for ii in range(16):
                with T.block("scale"):
                    vi = T.axis.spatial(64, i0 * 16 + ii)
                    Sx[vi] = S[vi] * T.float32(2)
            for k, ii, jj in T.grid(48, 16, 8):
                with T.block("C"):
                    vi = T.axis.spatial(64, i0 * 16 + ii)
                    vj = T.axis.spatial(40, j0 * 8 + jj)
                    vk = T.axis.reduce(48, k)
                    with T.init():
                        C[vi, vj] = T.float32(0)
                    C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj] * Sx[vi]


sch = tir.Schedule(scaled_gemm)
blk = sch.get_block("C")
j0, i0, k, ii, jj = sch.get_loops(blk)
packed = sch.read_at(i0, blk, 2, "global")
acc = sch.write_at(i0, blk, 0, "local")
# What TVM 0.20 returned.
assert sch.trace.as_json() == [[['GetBlock', [], ['C', 'main'], ['b0']], ['GetLoops', ['b0'], [], ['l1', 'l2', 'l3', 'l4', 'l5']], ['ReadAt', ['l2', 'b0'], [2, 'global'], ['b6']], ['WriteAt', ['l2', 'b0'], [0, 'local'], ['b7']]], []]
print(sch.mod["main"].script())
print(sch.trace)
