# TVM's fixed-point multiply (T.q_multiply_shift, T.q_multiply_shift_per_axis), as the
# epilogues of quantized convolutions call it: a constant Q31 multiplier with a left or a
# right shift, the power-of-two multiplier (1 << 30), and a per-channel one read from
# buffers; the block vectorized.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def requantize(
    X: T.Buffer((4, 64), "int32"),
    M: T.Buffer((4,), "int32"),
    LS: T.Buffer((4,), "int32"),
    RS: T.Buffer((4,), "int32"),
    Y: T.Buffer((7, 4, 64), "int32"),
):
    for c, i in T.grid(4, 64):
        with T.block("requantize"):
            vc, vi = T.axis.remap("SS", [c, i])
            Y[0, vc, vi] = T.q_multiply_shift(X[vc, vi], 1457846997, 31, 0, dtype="int32")
            Y[1, vc, vi] = T.q_multiply_shift(X[vc, vi], 1073741824, 31, 3, dtype="int32")
            Y[2, vc, vi] = T.q_multiply_shift(X[vc, vi], 1073741824, 31, -2, dtype="int32")
            Y[3, vc, vi] = T.q_multiply_shift(X[vc, vi], 2101000910, 31, -5, dtype="int32")
            Y[4, vc, vi] = T.q_multiply_shift(X[vc, vi] // 64, 1500000000, 31, 2, dtype="int32")
            Y[5, vc, vi] = T.q_multiply_shift_per_axis(
                X[vc, vi], M[vc], LS[vc], RS[vc], 31, False, True, dtype="int32"
            )
            Y[6, vc, vi] = T.q_multiply_shift_per_axis(
                X[vc, vi] // 16, M[vc], LS[vc], RS[vc], 31, True, True, dtype="int32"
            )


sch = tir.Schedule(requantize)
c, i = sch.get_loops(sch.get_block("requantize"))
io, ii = sch.split(i, factors=[None, 16])
sch.vectorize(ii)
print(sch.mod["main"].script())
print(sch.trace)
