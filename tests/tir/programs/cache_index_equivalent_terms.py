# cache_index with equivalent computations: `vi * 2 + vj % 3 + 1` and `vj % 3 + vi * 2 + 1`
# simplify to the same expression and count as one computation seen twice; with
# cse_thresh=3 that is too rare, and its direct subexpression `vi * 2 + vj % 3`, seen once
# on its own, counts three times and is cached instead, as is `vj // 2 + 1`, seen three
# times in two spellings. The index buffers live in shared memory here.
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((64,), "float32"), C: T.Buffer((16,), "float32"), B: T.Buffer((16, 16), "float32")):
    for i, j in T.grid(16, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi * 2 + vj % 3] + A[vi * 2 + vj % 3 + 1] * A[(vj % 3 + vi * 2) + 1] + C[vj // 2 + 1] * C[vj // 2 + 1] * C[1 + vj // 2]


sch = tir.Schedule(main)
block = sch.get_block("B")
blocks = sch.cache_index(block, storage_scope="shared", cse_thresh=3)
assert len(blocks) == 2
print(sch.mod["main"].script())
print(sch.trace)
