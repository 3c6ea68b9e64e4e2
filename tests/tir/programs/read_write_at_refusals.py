# read_at / write_at refused: no block under the loop reads (writes) the buffer, a write of
# the buffer under the loop before its first read, a read after its last write, and a
# buffer index out of range; each leaves the function as it was.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def two_stage(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    B = T.alloc_buffer((16, 16), "float32")
    for i in range(16):
        for j in range(16):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] + T.float32(1)
        for j in range(16):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi, vj] * T.float32(2)
    for i, j in T.grid(16, 16):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = C[vi, vj] + B[vi, vj]


def attempt(what, f):
    sch = tir.Schedule(two_stage)
    before = sch.mod["main"]
    try:
        f(sch)
        raise AssertionError(what + ": must fail")
    except tvm.TVMError:
        print(what + ": refused")
    tvm.ir.assert_structural_equal(before, sch.mod["main"])


def loops(sch, name):
    return sch.get_loops(sch.get_block(name))


attempt("read_at of C at D's loop, where D also writes it",
        lambda s: s.read_at(loops(s, "D")[0], s.get_block("D"), 0, "local"))
attempt("read_at of A, which no block under D's loop reads",
        lambda s: s.read_at(loops(s, "D")[0], s.get_block("B"), 0, "local"))
attempt("write_at of B at i, read after its last write",
        lambda s: s.write_at(loops(s, "B")[0], s.get_block("B"), 0, "local"))
attempt("write_at of C, which no block under B's j writes",
        lambda s: s.write_at(loops(s, "B")[1], s.get_block("C"), 0, "local"))
attempt("read_at index 3", lambda s: s.read_at(loops(s, "C")[1], s.get_block("C"), 3, "local"))
attempt("write_at index 1", lambda s: s.write_at(loops(s, "C")[1], s.get_block("C"), 1, "local"))

# Both succeed: the copy goes after the writer's subtree (read_at) and after the reader's
# subtree when the read is in the last write's subtree (write_at).
sch = tir.Schedule(two_stage)
sch.read_at(loops(sch, "C")[0], sch.get_block("C"), 0, "shared")
sch.write_at(loops(sch, "D")[0], sch.get_block("D"), 0, "local")
print(sch.mod["main"].script())
print(sch.trace)
