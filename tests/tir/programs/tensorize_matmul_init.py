# tensorize a 16x16x16 matmul tile of a reduction block that still has its init: the
# intrinsic's desc has no init, so the init stays in the outer block; the desc's root
# reads only A and B, as the outer block of a reduction with an init does
import tvm
from tvm import te, tir
from tvm.script import tir as T


@T.prim_func
def mma16_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 16), offset_factor=1)
    B = T.match_buffer(b, (16, 16), offset_factor=1)
    C = T.match_buffer(c, (16, 16), offset_factor=1)
    with T.block("root"):
        T.reads(A[0:16, 0:16], B[0:16, 0:16])
        T.writes(C[0:16, 0:16])
        for i, j, k in T.grid(16, 16, 16):
            with T.block("update"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]


@T.prim_func
def mma16_impl(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 16), offset_factor=1)
    B = T.match_buffer(b, (16, 16), offset_factor=1)
    C = T.match_buffer(c, (16, 16), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:16, 0:16], A[0:16, 0:16], B[0:16, 0:16])
        T.writes(C[0:16, 0:16])
        for i, j in T.grid(16, 16):
            for k in T.unroll(16):
                with T.block("update"):
                    vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                    C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]


tir.TensorIntrin.register("test_mma16", mma16_desc, mma16_impl)

A = te.placeholder((64, 64), "float32", name="A")
B = te.placeholder((64, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
i, j, k = sch.get_loops(b0)
io, ii = sch.split(i, factors=[None, 16])
jo, ji = sch.split(j, factors=[None, 16])
ko, ki = sch.split(k, factors=[None, 16])
sch.reorder(io, jo, ko, ii, ji, ki)
sch.tensorize(ii, "test_mma16")
print(sch.mod["main"].script())
print(sch.trace)
