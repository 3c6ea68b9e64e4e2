# read_at / write_at on a GPU GEMM whose threads are bound: A's and B's tiles staged in
# shared memory per k0 step (the copy's region relaxed over the vthread and threadIdx
# loops whose threads share it), then C's tile written back from shared memory after the
# k0 loop.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def cuda_matmul(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32"),
                C: T.Buffer((512, 512), "float32")):
    for by in T.thread_binding(8, thread="blockIdx.y"):
        for bx in T.thread_binding(8, thread="blockIdx.x"):
            for vy in T.thread_binding(2, thread="vthread.y"):
                for vx in T.thread_binding(2, thread="vthread.x"):
                    for ty in T.thread_binding(8, thread="threadIdx.y"):
                        for tx in T.thread_binding(8, thread="threadIdx.x"):
                            for k0 in range(64):
                                for k1 in T.unroll(8):
                                    for i, j in T.grid(4, 4):
                                        with T.block("C"):
                                            vi = T.axis.S(512, by * 64 + vy * 32 + ty * 4 + i)
                                            vj = T.axis.S(512, bx * 64 + vx * 32 + tx * 4 + j)
                                            vk = T.axis.R(512, k0 * 8 + k1)
                                            with T.init():
                                                C[vi, vj] = T.float32(0)
                                            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]


sch = tir.Schedule(cuda_matmul)
block = sch.get_block("C")
by, bx, vy, vx, ty, tx, k0, k1, i, j = sch.get_loops(block)
a = sch.read_at(k0, block, 0, "shared")
b = sch.read_at(k0, block, 1, "shared")
c = sch.write_at(tx, block, 0, "local")
print(sch.get(a).name_hint, sch.get(b).name_hint, sch.get(c).name_hint)
# What TVM 0.20 returned.
assert sch.trace.as_json() == [[['GetBlock', [], ['C', 'main'], ['b0']], ['GetLoops', ['b0'], [], ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9', 'l10']], ['ReadAt', ['l7', 'b0'], [0, 'shared'], ['b11']], ['ReadAt', ['l7', 'b0'], [1, 'shared'], ['b12']], ['WriteAt', ['l6', 'b0'], [0, 'local'], ['b13']]], []]
print(sch.mod["main"].script())
print(sch.trace)
