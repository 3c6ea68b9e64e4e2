# pad_einsum of a 128x127x127 matmul to multiples of 32: A and B copied into zero-padded
# buffers, the product computed into a padded C, copied back
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def matmul(A: T.Buffer((128, 127), "float32"), B: T.Buffer((127, 127), "float32"), C: T.Buffer((128, 127), "float32")):
    for i0, i1, i2 in T.grid(128, 127, 127):
        with T.block("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C[i, j] = T.float32(0)
            C[i, j] = C[i, j] + A[i, k] * B[k, j]


sch = tir.Schedule(matmul)
C = sch.get_block("C")
sch.pad_einsum(C, [32, 32, 32])
print(sch.mod["main"].script())
print(sch.trace)
