# compute_at and reverse_compute_at with `index`: where among the loop's children the
# block goes (-1 the last place the dependences allow, -2 the first, or a position)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), D: T.Buffer((16, 16), "float32"),
         E: T.Buffer((16, 16), "float32"), F: T.Buffer((16, 16), "float32"),
         G: T.Buffer((16, 16), "float32")):
    B = T.alloc_buffer((16, 16))
    C = T.alloc_buffer((16, 16))
    for i, j in T.grid(16, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i in range(16):
        for j in range(16):
            with T.block("F"):
                vi, vj = T.axis.remap("SS", [i, j])
                F[vi, vj] = A[vi, vj] * T.float32(3.0)
        for j in range(16):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)
        for j in range(16):
            with T.block("G"):
                vi, vj = T.axis.remap("SS", [i, j])
                G[vi, vj] = A[vi, vj] + T.float32(4.0)
    for i, j in T.grid(16, 16):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = C[vi, vj] * T.float32(5.0)
    for i, j in T.grid(16, 16):
        with T.block("E"):
            vi, vj = T.axis.remap("SS", [i, j])
            E[vi, vj] = C[vi, vj] - T.float32(6.0)


sch = tir.Schedule(main)
i = sch.get_loops(sch.get_block("C"))[0]
b = sch.get_block("B")
for bad in (2, 5, -3):
    try:
        sch.compute_at(b, i, index=bad)
        raise AssertionError("index %d must fail" % bad)
    except tvm.error.TVMError:
        print("compute_at index=%d: refused" % bad)
sch.compute_at(b, i, index=0)
sch.reverse_compute_at(sch.get_block("D"), i)
sch.reverse_compute_at(sch.get_block("E"), i, index=-2)
print(sch.mod["main"].script())
print(sch.trace)
