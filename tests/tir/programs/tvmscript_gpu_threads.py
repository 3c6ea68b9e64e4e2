# TVMScript with thread-bound loops, a local scope buffer, casts and T.max
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def relu_half(A: T.Buffer((1024,), "float16"), B: T.Buffer((1024,), "float32")):
    L = T.alloc_buffer((1024,), scope="local")
    for bx in T.thread_binding(8, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            with T.block("L"):
                v = T.axis.spatial(1024, bx * 128 + tx)
                L[v] = T.Cast("float32", A[v])
            with T.block("B"):
                v = T.axis.spatial(1024, bx * 128 + tx)
                B[v] = T.max(L[v], T.float32(0))


sch = tir.Schedule(relu_half)
print(sch.mod["main"].script())
print(sch.trace)
