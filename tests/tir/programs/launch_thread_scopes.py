# Lowered GPU TIR in TVMScript: a thread launched by its tag, one declared with
# T.env_thread and launched later, a `with T.launch_thread(...) as` scope that does not
# end its body, and a T.attr; printed as TVM prints them (concise where a scope ends its
# body)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def add_one(
    A: T.Buffer((512,), "float32"), B: T.Buffer((512,), "float32"), C: T.Buffer((2,), "float32")
):
    T.func_attr({"tir.noalias": True})
    tx = T.env_thread("threadIdx.x")
    bx = T.launch_thread("blockIdx.x", 2)
    with T.launch_thread("vthread", 2) as v:
        T.launch_thread(tx, 128)
        B[bx * 256 + v * 128 + tx] = A[bx * 256 + v * 128 + tx] + T.float32(1)
    with T.attr(0, "pragma_mark", 1):
        C[bx] = A[bx] * T.float32(2)
    if bx == 0:
        with T.launch_thread("threadIdx.y", 1) as ty:
            C[ty] = C[ty] * T.float32(3)


sch = tir.Schedule(add_one)
print(sch.mod["main"].script())
print(sch.trace)
