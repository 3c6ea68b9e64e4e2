# blockize of a list of blocks (TVM's test_blockize_blocks): B and C, consecutive under
# loop m, become the body of one block "outer_B_C_" whose iterators come from B's
# bindings divided by the loops below m; without unit iterators B's j reads 0.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def blocks_func(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")) -> None:
    for m in T.serial(6):
        for i, j in T.grid(3, 1):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * 2.0
        for i, j in T.grid(128, 64):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj + 64])
                T.writes(B[vi, vj + 64])
                B[vi, vj + 64] = A[vi, vj + 64] * 3.0


sch = tir.Schedule(blocks_func)
sch.blockize([sch.get_block("B"), sch.get_block("C")], preserve_unit_iters=False)
print(sch.mod["main"].script())
print(sch.trace)
