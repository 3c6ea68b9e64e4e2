# pad_einsum of the sum of squares of an RMS norm (rows padded to 32): the consumer
# keeps reading the unpadded sums the copy-back writes
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def rms(A: T.Buffer((1, 100, 256), "float32"), W: T.Buffer((256,), "float32"), Y: T.Buffer((1, 100, 256), "float32")):
    T.func_attr({"tir.noalias": True})
    S = T.alloc_buffer((1, 100), "float32")
    for bsz, i, k in T.grid(1, 100, 256):
        with T.block("S"):
            v_bsz, v_i, v_k = T.axis.remap("SSR", [bsz, i, k])
            T.reads(A[v_bsz, v_i, v_k])
            T.writes(S[v_bsz, v_i])
            with T.init():
                S[v_bsz, v_i] = T.float32(0)
            S[v_bsz, v_i] = S[v_bsz, v_i] + A[v_bsz, v_i, v_k] * A[v_bsz, v_i, v_k]
    for bsz, i, k in T.grid(1, 100, 256):
        with T.block("Y"):
            v_bsz, v_i, v_k = T.axis.remap("SSS", [bsz, i, k])
            Y[v_bsz, v_i, v_k] = W[v_k] * (A[v_bsz, v_i, v_k] / T.sqrt(S[v_bsz, v_i] * T.float32(0.00390625) + T.float32(1)))


sch = tir.Schedule(rms)
sch.pad_einsum(sch.get_block("S"), [1, 32, 1])
print(sch.mod["main"].script())
print(sch.trace)
