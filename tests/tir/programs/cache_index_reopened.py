# A function as TVM prints it after cache_index (index buffers declared with strides=(1,))
# opens, schedules and prints again: index_1's precomputed index is inlined back into the
# resize, index_0's is computed at the resize's row loop.
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3, 24, 24), "float32"), B: T.Buffer((2, 3, 48, 48), "float32")):
    index_var_0 = T.alloc_buffer((48, 48), "int32", strides=(1,))
    index_var_1 = T.alloc_buffer((48,), "int32", strides=(1,))
    for ax0, ax1 in T.grid(48, 48):
        with T.block("index_0"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads()
            T.writes(index_var_0[v0, v1])
            index_var_0[v0, v1] = v0 // 4 + v1 // 4
    for ax0 in range(48):
        with T.block("index_1"):
            v0 = T.axis.spatial(48, ax0)
            T.reads()
            T.writes(index_var_1[v0])
            index_var_1[v0] = v0 // 2
    for n, c, h, w in T.grid(2, 3, 48, 48):
        with T.block("resize"):
            vn, vc, vh, vw = T.axis.remap("SSSS", [n, c, h, w])
            T.reads(A[vn, vc, 0:24, 0:24], index_var_0[vh, vw], index_var_1[vw])
            T.writes(B[vn, vc, vh, vw])
            B[vn, vc, vh, vw] = A[vn, vc, index_var_0[vh, vw], index_var_1[vw]]


sch = tir.Schedule(main)
sch.compute_inline(sch.get_block("index_1"))
n, c, h, w = sch.get_loops(sch.get_block("resize"))
sch.compute_at(sch.get_block("index_0"), h)
print(sch.mod["main"].script())
print(sch.trace)
