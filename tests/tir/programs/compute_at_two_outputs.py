# a block writing two buffers (B and C) computed at a loop of its two consumers: each
# iterator covers the union of what the consumers under the loop read of either buffer
# (D reads B at its rows, E reads C one row further), as TVM's CalculateBlockVarDomain
# unions them
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((33, 16), "float32"), E: T.Buffer((32, 16), "float32")):
    B = T.alloc_buffer((33, 16))
    C = T.alloc_buffer((33, 16))
    D = T.alloc_buffer((32, 16))
    for i, j in T.grid(33, 16):
        with T.block("BC"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
            C[vi, vj] = A[vi, vj] + T.float32(1.0)
    for i, j in T.grid(32, 16):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = B[vi, vj] * T.float32(3.0)
        with T.block("E"):
            vi, vj = T.axis.remap("SS", [i, j])
            E[vi, vj] = D[vi, vj] + C[vi + 1, vj]


sch = tir.Schedule(main)
bc = sch.get_block("BC")
d = sch.get_block("D")
e = sch.get_block("E")
i, j = sch.get_loops(d)
io, ii = sch.split(i, factors=[None, 8])
sch.compute_at(bc, io)
print(sch.mod["main"].script())
print(sch.trace)
