# tensorize with an implementation whose views declare strides and an offset: the desc
# matches 4x4 tiles of a matmul, the impl declares B's view with a symbolic row stride
# and uses its offset and stride in the computation (zero terms a real impl would feed to
# an external call); parameters declared with elem_offset=0 and row-major strides print
# as TVM prints them
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def mm4_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4, 4), offset_factor=1)
    B = T.match_buffer(b, (4, 4), offset_factor=1)
    C = T.match_buffer(c, (4, 4), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:4, 0:4], A[0:4, 0:4], B[0:4, 0:4])
        T.writes(C[0:4, 0:4])
        for i, j, k in T.grid(4, 4, 4):
            with T.block("update"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]


@T.prim_func
def mm4_impl(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4, 4), offset_factor=1)
    row = T.int32()
    B = T.match_buffer(b, (4, 4), strides=[row, 1], offset_factor=1)
    C = T.match_buffer(c, (4, 4), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:4, 0:4], A[0:4, 0:4], B[0:4, 0:4])
        T.writes(C[0:4, 0:4])
        for i, j, k in T.grid(4, 4, 4):
            with T.block("update"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk] + T.Cast("float32", B.elem_offset - B.elem_offset) * T.Cast("float32", B.strides[0])


impl_text = mm4_impl.script()
assert 'B = T.match_buffer(b, (4, 4), strides=("B_s0", 1), offset_factor=1)' in impl_text
assert "B.strides[0]" in impl_text and "B.elem_offset" in impl_text
tir.TensorIntrin.register("test_mm4_strided", mm4_desc, mm4_impl)


@T.prim_func
def matmul(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, [16, 16], elem_offset=0, align=64, offset_factor=1)
    B = T.match_buffer(b, [16, 16], strides=[16, 1])
    C = T.match_buffer(c, [16, 16], elem_offset=0)
    for i, j, k in T.grid(16, 16, 16):
        with T.block("update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]


sch = tir.Schedule(matmul)
update = sch.get_block("update")
i, j, k = sch.get_loops(update)
io, ii = sch.split(i, factors=[None, 4])
jo, ji = sch.split(j, factors=[None, 4])
ko, ki = sch.split(k, factors=[None, 4])
sch.reorder(io, jo, ko, ii, ji, ki)
sch.decompose_reduction(update, ko)
sch.tensorize(ii, "test_mm4_strided")
print(sch.mod["main"].script())
print(sch.trace)
