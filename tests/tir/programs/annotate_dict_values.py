# Dict values: a block's T.block_attr with nested dicts, and sch.annotate with a dict on a
# block and on a loop (TVM's Map), printed in the function and in the trace
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def scaled(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            T.block_attr({"meta": {"a": 1, "b": "x", "c": {"d": [1, 2]}}, "plain": 3})
            B[vi] = A[vi] * T.float32(2)


sch = tir.Schedule(scaled)
b = sch.get_block("B")
sch.annotate(b, "extra", {"k": 2, "m": 5})
(i,) = sch.get_loops(b)
sch.annotate(i, "loopdict", {"u": T.int32(4)})
print(sch.mod["main"].script())
print(sch.trace)
