# tensorize with a description of lower rank than the workload: TVM's outer-product test
# on a batched matmul (16x1 and 16x16 views of 3-D buffers, the batch and k indices
# fixed), the implementation a computation
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def outer_product_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 1), offset_factor=1)
    B = T.match_buffer(b, (16, 1), offset_factor=1)
    C = T.match_buffer(c, (16, 16), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:16, 0:16], A[0:16, 0:1], B[0:16, 0:1])
        T.writes(C[0:16, 0:16])
        for i, j in T.grid(16, 16):
            with T.block("update"):
                vii, vjj = T.axis.remap("SS", [i, j])
                C[vii, vjj] = C[vii, vjj] + A[vii, 0] * B[vjj, 0]


@T.prim_func
def outer_product_impl(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 1), offset_factor=1)
    B = T.match_buffer(b, (16, 1), offset_factor=1)
    C = T.match_buffer(c, (16, 16), offset_factor=1)
    with T.block("root"):
        T.reads(C[0:16, 0:16], A[0:16, 0:1], B[0:16, 0:1])
        T.writes(C[0:16, 0:16])
        for i in range(16):
            for j in T.unroll(16):
                with T.block("update"):
                    vii, vjj = T.axis.remap("SS", [i, j])
                    C[vii, vjj] = C[vii, vjj] + A[vii, 0] * B[vjj, 0]


tir.TensorIntrin.register("test_outer_product", outer_product_desc, outer_product_impl)


@T.prim_func
def batch_matmul(
    A: T.Buffer((4, 32, 32), "float32"),
    B: T.Buffer((4, 32, 32), "float32"),
    C: T.Buffer((4, 32, 32), "float32"),
) -> None:
    for n, i, j in T.grid(4, 32, 32):
        with T.block("init"):
            vn, vi, vj = T.axis.remap("SSS", [n, i, j])
            C[vn, vi, vj] = T.float32(0)
    for n, i, j, k in T.grid(4, 32, 32, 32):
        with T.block("update"):
            vn, vi, vj, vk = T.axis.remap("SSSR", [n, i, j, k])
            C[vn, vi, vj] = C[vn, vi, vj] + A[vn, vi, vk] * B[vn, vj, vk]


sch = tir.Schedule(batch_matmul)
update = sch.get_block("update")
_, i, j, k = sch.get_loops(update)
io, ii = sch.split(i, factors=[None, 16])
jo, ji = sch.split(j, factors=[None, 16])
sch.reorder(io, jo, k, ii, ji)
sch.tensorize(ii, "test_outer_product")
print(sch.mod["main"].script())
print(sch.trace)
