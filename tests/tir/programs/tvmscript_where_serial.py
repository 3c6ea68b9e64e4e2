# TVMScript with T.serial / T.parallel / T.unroll / T.vectorized loops, a T.where
# predicate and explicit T.reads / T.writes regions with slices
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def tail(A: T.Buffer((100, 64), "float32"), B: T.Buffer((100, 64), "float32")):
    for io in T.parallel(7):
        for ii in T.serial(16):
            for jo in T.unroll(4):
                for ji in T.vectorized(16):
                    with T.block("B"):
                        vi = T.axis.spatial(100, io * 16 + ii)
                        vj = T.axis.spatial(64, jo * 16 + ji)
                        T.where(io * 16 + ii < 100)
                        T.reads(A[vi, 0:64])
                        T.writes(B[vi, vj])
                        B[vi, vj] = A[vi, vj] + A[vi, 63 - vj]


sch = tir.Schedule(tail)
print(sch.mod["main"].script())
print(sch.trace)
