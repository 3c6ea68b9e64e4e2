# unsafe_set_dtype of a buffer a nested block reads through a T.match_buffer view: the
# view takes the new type with it, and the reads through it are cast back
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    B = T.alloc_buffer((16, 16))
    for i, j in T.grid(16, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + T.float32(1.0)
    for i in range(4):
        with T.block("C"):
            vi = T.axis.spatial(4, i)
            T.reads(B[vi * 4:vi * 4 + 4, 0:16])
            T.writes(C[vi * 4:vi * 4 + 4, 0:16])
            Bv = T.match_buffer(B[vi * 4:vi * 4 + 4, 0:16], (4, 16))
            for ii, jj in T.grid(4, 16):
                with T.block("C_inner"):
                    vii, vjj = T.axis.remap("SS", [ii, jj])
                    C[vi * 4 + vii, vjj] = Bv[vii, vjj] * T.float32(3.0)


sch = tir.Schedule(main)
sch.unsafe_set_dtype("B", 0, "float64")
print(sch.mod["main"].script())
print(sch.trace)
