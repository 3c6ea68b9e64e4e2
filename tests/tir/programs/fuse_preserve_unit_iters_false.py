# fuse with preserve_unit_iters=False: the unit loop k above the fused loops reads 0 in the
# block's bindings (with True it stays vk = k)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1, 4, 32), "float32"), B: T.Buffer((1, 4, 32), "float32")):
    for k, i, j in T.grid(1, 4, 32):
        with T.block("B"):
            vk, vi, vj = T.axis.remap("SSS", [k, i, j])
            B[vk, vi, vj] = A[vk, vi, vj] * T.float32(2.0)


sch = tir.Schedule(main)
k, i, j = sch.get_loops(sch.get_block("B"))
sch.fuse(i, j, preserve_unit_iters=False)
print(sch.mod["main"].script())
print(sch.trace)
