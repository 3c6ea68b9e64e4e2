# cache_inplace: a block that reads and writes a buffer in place gets a copy in and a
# copy out, both named after the cache (TVM's test_cache_inplace, first step)
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def inplace_call(data_io: T.Buffer((64,), "int32")):
    for i0 in T.serial(1):
        with T.block("ext_call"):
            T.reads(data_io[0:64])
            T.writes(data_io[0:64])
            T.evaluate(T.call_extern("void", "call_impl", data_io.data))


sch = tir.Schedule(inplace_call)
blocks = sch.cache_inplace("ext_call", 0, "local")
print(sch.mod["main"].script())
print(sch.trace)
