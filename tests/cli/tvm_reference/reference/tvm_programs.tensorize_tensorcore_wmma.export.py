# tensorize: TVM's opt_conv_tensorcore idiom on a GEMM — fp16 operands loaded into
# wmma.matrix_a / wmma.matrix_b fragments, a 16x16x16 mma_sync over the k.outer loop into a
# wmma.accumulator fragment (fill_fragment before it), stored back with store_matrix_sync;
# each step is a tensor intrinsic whose body is TVM's tir.tvm_*_sync builtin (call_intrin).
# Tessera lowers and exports it as TVM does; on the CPU the builtins become loops over the
# fragment tiles (codegen/WmmaBuiltins.h), so it runs and is checked against the oracle.
import tvm
from tvm import te

N = 64
A = te.placeholder((N, N), name="A", dtype="float16")
B = te.placeholder((N, N), name="B", dtype="float16")
k = te.reduce_axis((0, N), name="k")
C = te.compute((N, N), lambda i, j: te.sum(A[i, k].astype("float32") * B[k, j].astype("float32"), axis=k), name="C")
s = te.create_schedule(C.op)
AF = s.cache_read(A, "wmma.matrix_a", [C])
BF = s.cache_read(B, "wmma.matrix_b", [C])
CF = s.cache_write(C, "wmma.accumulator")


def intrin_wmma_load_matrix(scope):
    n = 16
    A = te.placeholder((n, n), name="A", dtype="float16")
    BA = tvm.tir.decl_buffer(A.shape, A.dtype, scope="global", strides=[te.var("sa"), 1], data_alignment=32, offset_factor=256)
    C = te.compute((n, n), lambda i, j: A[i, j], name="C")
    BC = tvm.tir.decl_buffer(C.shape, C.dtype, scope=scope, data_alignment=32, offset_factor=256)

    def intrin_func(ins, outs):
        ib = tvm.tir.ir_builder.create()
        BA = ins[0]
        BC = outs[0]
        ib.emit(tvm.tir.call_intrin("handle", "tir.tvm_load_matrix_sync", BC.data, n, n, n, BC.elem_offset // 256, BA.access_ptr("r"), BA.strides[0], "row_major"))
        return ib.get()

    return te.decl_tensor_intrin(C.op, intrin_func, binds={A: BA, C: BC})


def intrin_wmma_gemm():
    n = 16
    A = te.placeholder((n, n), name="A", dtype="float16")
    B = te.placeholder((n, n), name="B", dtype="float16")
    k = te.reduce_axis((0, n), name="k")
    C = te.compute((n, n), lambda ii, jj: te.sum(A[ii, k].astype("float32") * B[k, jj].astype("float32"), axis=k), name="C")
    BA = tvm.tir.decl_buffer(A.shape, A.dtype, name="BA", scope="wmma.matrix_a", data_alignment=32, offset_factor=256)
    BB = tvm.tir.decl_buffer(B.shape, B.dtype, name="BB", scope="wmma.matrix_b", data_alignment=32, offset_factor=256)
    BC = tvm.tir.decl_buffer(C.shape, C.dtype, name="BC", scope="wmma.accumulator", data_alignment=32, offset_factor=256)

    def intrin_func(ins, outs):
        BA, BB = ins
        (BC,) = outs

        def init():
            ib = tvm.tir.ir_builder.create()
            ib.emit(tvm.tir.call_intrin("handle", "tir.tvm_fill_fragment", BC.data, n, n, n, BC.elem_offset // 256, 0.0))
            return ib.get()

        def update():
            ib = tvm.tir.ir_builder.create()
            ib.emit(tvm.tir.call_intrin("handle", "tir.tvm_mma_sync", BC.data, BC.elem_offset // 256, BA.data, BA.elem_offset // 256, BB.data, BB.elem_offset // 256, BC.data, BC.elem_offset // 256))
            return ib.get()

        return update(), init(), update()

    return te.decl_tensor_intrin(C.op, intrin_func, binds={A: BA, B: BB, C: BC})


def intrin_wmma_store_matrix():
    n = 16
    A = te.placeholder((n, n), name="A", dtype="float32")
    BA = tvm.tir.decl_buffer(A.shape, A.dtype, scope="wmma.accumulator", data_alignment=32, offset_factor=256)
    C = te.compute((n, n), lambda i, j: A[i, j], name="C")
    BC = tvm.tir.decl_buffer(C.shape, C.dtype, scope="global", strides=[te.var("sc"), 1], data_alignment=32, offset_factor=256)

    def intrin_func(ins, outs):
        ib = tvm.tir.ir_builder.create()
        BA = ins[0]
        BC = outs[0]
        ib.emit(tvm.tir.call_intrin("handle", "tir.tvm_store_matrix_sync", BA.data, n, n, n, BA.elem_offset // 256, BC.access_ptr("w"), BC.strides[0], "row_major"))
        return ib.get()

    return te.decl_tensor_intrin(C.op, intrin_func, binds={A: BA, C: BC})


i, j = s[C].op.axis
io, ii = s[C].split(i, factor=16)
jo, jj = s[C].split(j, factor=16)
s[C].reorder(io, jo, ii, jj)
s[CF].compute_at(s[C], jo)
ci, cj = s[CF].op.axis
(ck,) = s[CF].op.reduce_axis
ko, ki = s[CF].split(ck, factor=16)
s[CF].reorder(ko, ci, cj, ki)
s[AF].compute_at(s[CF], ko)
s[BF].compute_at(s[CF], ko)
s[AF].tensorize(s[AF].op.axis[0], intrin_wmma_load_matrix("wmma.matrix_a"))
s[BF].tensorize(s[BF].op.axis[0], intrin_wmma_load_matrix("wmma.matrix_b"))
s[CF].tensorize(ci, intrin_wmma_gemm())
s[C].tensorize(ii, intrin_wmma_store_matrix())
print(tvm.lower(s, [A, B, C], simple_mode=True))
