# A TVMScript body that calls a function of the script (TVM's parser runs any Python it
# meets): a helper returning the expression that unpacks a 4-bit field, as TVM's
# test_tir_schedule_tensorize builds its decode intrinsic; the block then split.
import tvm
from tvm import tir
from tvm.script import tir as T


def packed_field(nbit):
    def unpack(val, pos, dtype):
        mask = tir.const((1 << nbit) - 1, "int32")
        field = (val >> (pos.astype("int32") * tir.const(nbit, "int32"))) & mask
        shift = tir.const(32 - nbit, "int32")
        return tir.Cast(dtype, (field << shift) >> shift)

    return unpack


@T.prim_func
def decode(Packed: T.Buffer((16,), "int32"), Out: T.Buffer((128,), "float16")):
    for i in range(128):
        with T.block("decode"):
            vi = T.axis.spatial(128, i)
            Out[vi] = packed_field(4)(Packed[vi // 8], vi % 8, "float16")


sch = tir.Schedule(decode)
i, = sch.get_loops(sch.get_block("decode"))
sch.split(i, factors=[None, 8])
print(sch.mod["main"].script())
print(sch.trace)
