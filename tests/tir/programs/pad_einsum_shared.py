# pad_einsum of a matmul over shared-memory stages: the padded copies read the stages,
# keep their scope, and the copy-back feeds the output stage
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def matmul(A: T.Buffer((128, 127), "float32"), B: T.Buffer((127, 127), "float32"), C: T.Buffer((128, 127), "float32")):
    A_shared = T.alloc_buffer((128, 127), "float32", scope="shared")
    B_shared = T.alloc_buffer((127, 127), "float32", scope="shared")
    C_shared = T.alloc_buffer((128, 127), "float32", scope="shared")
    for i0, i1 in T.grid(128, 127):
        with T.block("A"):
            i, j = T.axis.remap("SS", [i0, i1])
            A_shared[i, j] = A[i, j]
    for i0, i1 in T.grid(127, 127):
        with T.block("B"):
            i, j = T.axis.remap("SS", [i0, i1])
            B_shared[i, j] = B[i, j]
    for i0, i1, i2 in T.grid(128, 127, 127):
        with T.block("C_shared"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C_shared[i, j] = T.float32(0)
            C_shared[i, j] = C_shared[i, j] + A_shared[i, k] * B_shared[k, j]
    for i0, i1 in T.grid(128, 127):
        with T.block("C"):
            i, j = T.axis.remap("SS", [i0, i1])
            C[i, j] = C_shared[i, j]


sch = tir.Schedule(matmul)
sch.pad_einsum(sch.get_block("C_shared"), [32, 32, 32])
print(sch.mod["main"].script())
print(sch.trace)
