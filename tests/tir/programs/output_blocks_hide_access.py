# get_output_blocks: the blocks that write a buffer their scope does not allocate (C of a
# GEMM + bias whose product stays in an allocated buffer; inside a blockized block, the
# inner block writes what its scope, the outer block, does not allocate). And
# unsafe_hide_buffer_access: an index buffer's read taken out of a gather's signature.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def gemm_bias(A: T.Buffer((16, 8), "float32"), W: T.Buffer((8, 12), "float32"),
              bias: T.Buffer((12,), "float32"), D: T.Buffer((16, 12), "float32")):
    C = T.alloc_buffer((16, 12), "float32")
    for i, j, k in T.grid(16, 12, 8):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * W[vk, vj]
    for i, j in T.grid(16, 12):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = C[vi, vj] + bias[vj]


@T.prim_func
def gather(X: T.Buffer((32, 4), "float32"), idx: T.Buffer((8,), "int32"),
           Y: T.Buffer((8, 4), "float32")):
    for i, j in T.grid(8, 4):
        with T.block("Y"):
            vi, vj = T.axis.remap("SS", [i, j])
            Y[vi, vj] = X[idx[vi], vj]


sch = tir.Schedule(gemm_bias)
root = sch.get_block("root")
print([sch.get(b).name_hint for b in sch.get_output_blocks(root)])
i, j = sch.get_loops(sch.get_block("D"))
jo, ji = sch.split(j, factors=[None, 4])
outer = sch.blockize(ji)
print([sch.get(b).name_hint for b in sch.get_output_blocks(outer)])
print([sch.get(b).name_hint for b in sch.get_output_blocks("root")])
# What TVM 0.20 returned.
assert sch.trace.as_json() == [[['GetBlock', [], ['root', 'main'], ['b0']], ['GetOutputBlocks', ['b0'], [], ['b1']], ['GetBlock', [], ['D', 'main'], ['b2']], ['GetLoops', ['b2'], [], ['l3', 'l4']], ['Split', ['l4', 'None', 4], [1, 0], ['l5', 'l6']], ['Blockize', ['l6'], [1], ['b7']], ['GetOutputBlocks', ['b7'], [], ['b8']], ['GetBlock', [], ['root', 'main'], ['b9']], ['GetOutputBlocks', ['b9'], [], ['b10', 'b11']]], []]
assert "  b1, = sch.get_output_blocks(block=b0)" in str(sch.trace)

sch = tir.Schedule(gather)
y = sch.get_block("Y")
sch.unsafe_hide_buffer_access(y, "read", [1])
for what, args in (("a buffer type", ("readwrite", [0])), ("an index", ("read", [3]))):
    try:
        sch.unsafe_hide_buffer_access(y, *args)
        raise AssertionError(what)
    except tvm.tir.ScheduleError:
        print(what + ": ScheduleError")
assert sch.trace.as_json() == [[['GetBlock', [], ['Y', 'main'], ['b0']], ['UnsafeHideBufferAccess', ['b0', '"read"', [1]], [], []]], []]
print(sch.mod["main"].script())
print(sch.trace)
