# Tensor-core builtins written in TVMScript (TVM's opaque_access in
# test_tir_schedule_split_fuse.py, with a load through T.tvm_access_ptr and
# Buffer.access_ptr): blocks that declare their regions and call the builtins on a
# buffer's data are fused and split like any other; the calls print by their names.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def opaque_access(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, [16, 16], "float32")
    B = T.match_buffer(b, [16, 16], "float32")
    for i, j in T.grid(16, 16):
        with T.block("A"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads([])
            T.writes([A[0:16, 0:16]])
            A[vi, vj] = 1
    for i, j in T.grid(16, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads([A[0:16, 0:16]])
            T.writes([B[0:16, 0:16]])
            T.evaluate(T.tvm_fill_fragment(B.data, 16, 16, 16, 0, vi * 16 + vj, dtype="handle"))
            T.evaluate(T.tvm_load_matrix_sync(B.data, 16, 16, 16, 0, A.access_ptr("r"), 16, "row_major", dtype="handle"))
            T.tvm_load_matrix_sync(B.data, 16, 16, 16, 0, T.tvm_access_ptr(T.type_annotation("float32"), A.data, vi * 16, 16, 1), 16, "row_major")
            T.evaluate(T.tvm_mma_sync(B.data, 0, A.data, 0, A.data, 0, B.data, 0, dtype="handle"))


sch = tir.Schedule(opaque_access)
i, j = sch.get_loops(sch.get_block("B"))
f = sch.fuse(i, j)
sch.split(f, factors=[None, 32])
print(sch.mod["main"].script())
print(sch.trace)
