# the TensorIR form of tests/tvm_programs/tensorize_plain_body.py: TE's tensorize of a
# 4x4 multiply-accumulate intrinsic (declared by te.decl_tensor_intrin with a te.compute)
# becomes a TensorIntrin whose description is that compute with the root block's regions,
# and whose implementation is the intrinsic's update (the same computation, unrolled).
# TE's reduce_reset becomes decompose_reduction at k_0, before the tensorized loop.
import tvm
from tvm import te, tir
from tvm.script import tir as T


@T.prim_func
def mac_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4,), offset_factor=1)
    B = T.match_buffer(b, (4, 4), offset_factor=1)
    C = T.match_buffer(c, (4,), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:4], A[0:4], B[0:4, 0:4])
        T.writes(C[0:4])
        for i, r in T.grid(4, 4):
            with T.block("c"):
                vi, vr = T.axis.remap("SR", [i, r])
                C[vi] = C[vi] + A[vr] * B[vi, vr]


@T.prim_func
def mac_impl(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4,), offset_factor=1)
    B = T.match_buffer(b, (4, 4), offset_factor=1)
    C = T.match_buffer(c, (4,), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:4], A[0:4], B[0:4, 0:4])
        T.writes(C[0:4])
        for i in range(4):
            for r in T.unroll(4):
                with T.block("c"):
                    vi, vr = T.axis.remap("SR", [i, r])
                    C[vi] = C[vi] + A[vr] * B[vi, vr]


tir.TensorIntrin.register("mac", mac_desc, mac_impl)

N, M, L = 24, 32, 16
A = te.placeholder((N, L), name="A")
B = te.placeholder((M, L), name="B")
k = te.reduce_axis((0, L), name="k")
C = te.compute((N, M), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
i, j, kk = sch.get_loops(b0)
jo, ji = sch.split(j, factors=[None, 4])
ko, ki = sch.split(kk, factors=[None, 4])
sch.reorder(i, jo, ko, ji, ki)
sch.decompose_reduction(b0, ko)
sch.tensorize(ji, "mac")
print(sch.mod["main"].script())
print(sch.trace)
