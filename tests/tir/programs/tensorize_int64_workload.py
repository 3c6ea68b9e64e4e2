# tensorize of an int64 workload with an int32 intrinsic: the implementation's match_buffer
# shapes, offsets, loop and block iterators and indices become int64 (TVM's
# IndexDataTypeNormalizer), as do the constants combined with them (elem_offset // 4)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def dot4_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4,), offset_factor=1)
    B = T.match_buffer(b, (4,), offset_factor=1)
    C = T.match_buffer(c, (1,), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:1], A[0:4], B[0:4])
        T.writes(C[0:1])
        for k in range(4):
            with T.block("update"):
                vk = T.axis.remap("R", [k])
                C[0] = C[0] + A[vk] * B[vk]


@T.prim_func
def dot4_impl(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4,), offset_factor=1)
    B = T.match_buffer(b, (4,), offset_factor=1)
    C = T.match_buffer(c, (1,), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:1], A[0:4], B[0:4])
        T.writes(C[0:1])
        for k in range(4):
            with T.block("update"):
                vk = T.axis.remap("R", [k])
                C[0] = C[0] + A[vk] * B[vk]
        T.evaluate(T.call_extern("handle", "note_offset", A.elem_offset // 4))


tir.TensorIntrin.register("test_dot4_int64", dot4_desc, dot4_impl)


@T.prim_func
def rowdot(A: T.Buffer((T.int64(16), T.int64(64)), "float32"), B: T.Buffer((T.int64(16), T.int64(64)), "float32"), C: T.Buffer((T.int64(16),), "float32")):
    for i, k0, k1 in T.grid(T.int64(16), T.int64(16), T.int64(4)):
        with T.block("C"):
            vi = T.axis.spatial(T.int64(16), i)
            vk = T.axis.reduce(T.int64(64), k0 * T.int64(4) + k1)
            with T.init():
                C[vi] = T.float32(0)
            C[vi] = C[vi] + A[vi, vk] * B[vi, vk]


sch = tir.Schedule(rowdot)
i, k0, k1 = sch.get_loops(sch.get_block("C"))
sch.decompose_reduction(sch.get_block("C"), k0)
sch.tensorize(sch.get_loops(sch.get_block("C_update"))[2], "test_dot4_int64")
print(sch.mod["main"].script())
