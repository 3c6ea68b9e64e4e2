# buffers declared with strides (variables, names, constants) and offsets (constants,
# variables, implied by offset_factor), as parameters and as views in a block: TVM's
# parser names a stride variable after its buffer and place, and its printer writes a
# variable the declaration alone uses as the buffer's attribute (A.strides[0],
# A.elem_offset); the block's views are then scheduled
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def strided_params(a: T.handle, b: T.handle, c: T.handle):
    x = T.int32()
    y = T.int32()
    A = T.match_buffer(a, (16, 16), strides=[x, y])
    B = T.match_buffer(b, (16, 16), elem_offset=0, offset_factor=16)
    C = T.match_buffer(c, (16, 16), strides=["p", "q"], offset_factor=4)
    for i, j in T.grid(16, 16):
        with T.block("c"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + C[vi, vj] + T.float32(x)


text = strided_params.script()
assert 'A = T.match_buffer(a, (16, 16), strides=("A_s0", "A_s1"))' in text, text
assert "B = T.match_buffer(b, (16, 16), offset_factor=16)" in text, text
assert 'C = T.match_buffer(c, (16, 16), strides=("C_s0", "C_s1"), offset_factor=4)' in text, text
assert 'T.Cast("float32", A.strides[0])' in text, text


@T.prim_func
def offset_params(A: T.Buffer((8, 8), "float32", elem_offset=5), B: T.Buffer((8, 8), "float32", elem_offset=0, strides=(8, 1))):
    for i, j in T.grid(8, 8):
        with T.block("c"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj]


text = offset_params.script()
assert "def offset_params(A_handle: T.handle, B_handle: T.handle):" in text, text
assert "A = T.match_buffer(A_handle, (8, 8), elem_offset=5)" in text, text
assert "B = T.match_buffer(B_handle, (8, 8), strides=(8, 1))" in text, text


@T.prim_func
def views(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    for i, j in T.grid(4, 4):
        with T.block("tile"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 4 : vi * 4 + 4, vj * 4 : vj * 4 + 4])
            T.writes(B[vi * 4 : vi * 4 + 4, vj * 4 : vj * 4 + 4])
            e = T.int32()
            s = T.int32()
            A1 = T.match_buffer(A[vi * 4 : vi * 4 + 4, vj * 4 : vj * 4 + 4], (4, 4), elem_offset=e, strides=[s, 1])
            B1 = T.match_buffer(B[vi * 4 : vi * 4 + 4, vj * 4 : vj * 4 + 4], (4, 4), offset_factor=1)
            for ii, jj in T.grid(4, 4):
                B1[ii, jj] = A1[ii, jj] + T.float32(A1.elem_offset - e) + T.float32(B1.elem_offset + A1.strides[0] - s)


sch = tir.Schedule(views)
tile = sch.get_block("tile")
i, j = sch.get_loops(tile)
sch.fuse(i, j)
print(sch.mod["main"].script())
print(sch.trace)
