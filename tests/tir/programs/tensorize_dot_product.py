# tensorize the inner 4 steps of a reduction with a registered dot-product intrinsic
# whose implementation is a computation (an unrolled loop): split k, decompose the
# reduction, then tensorize k_1 (blockize and match against the description)
import tvm
from tvm import te, tir
from tvm.script import tir as T


@T.prim_func
def dot4_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4,), offset_factor=1)
    B = T.match_buffer(b, (4,), offset_factor=1)
    C = T.match_buffer(c, (), offset_factor=1)
    with T.block("root"):
        T.reads(C[()], A[0:4], B[0:4])
        T.writes(C[()])
        for i in range(4):
            with T.block("update"):
                vi = T.axis.remap("R", [i])
                C[()] = C[()] + A[vi] * B[vi]


@T.prim_func
def dot4_impl(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4,), offset_factor=1)
    B = T.match_buffer(b, (4,), offset_factor=1)
    C = T.match_buffer(c, (), offset_factor=1)
    with T.block("root"):
        T.reads(C[()], A[0:4], B[0:4])
        T.writes(C[()])
        for i in T.unroll(4):
            with T.block("update"):
                vi = T.axis.remap("R", [i])
                C[()] = C[()] + A[vi] * B[vi]


tir.TensorIntrin.register("test_dot4", dot4_desc, dot4_impl)

A = te.placeholder((16, 64), "float32", name="A")
B = te.placeholder((16, 64), "float32", name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
b0 = sch.get_block("C")
i, j, kk = sch.get_loops(b0)
ko, ki = sch.split(kk, factors=[None, 4])
sch.decompose_reduction(b0, ko)
sch.tensorize(ki, "test_dot4")
print(sch.mod["main"].script())
print(sch.trace)
