# loop_partition refused: two factors inferred, factors that reach the extent, a factor not
# positive, an annotated loop, a loop bound to a thread, a symbolic extent; and a loop over
# an opaque block, whose block is renamed and whose inner block gets the new domain.
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def opaque(A: T.Buffer((16, 8), "float32"), B: T.Buffer((16, 8), "float32")):
    for i, j in T.grid(16, 8):
        with T.block("opaque"):
            T.reads(A[i, j])
            T.writes(B[i, j])
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] + T.float32(1)


@T.prim_func
def annotated(A: T.Buffer((16, 8), "float32"), B: T.Buffer((16, 8), "float32")):
    for i in T.thread_binding(16, thread="threadIdx.x"):
        for j in T.serial(8, annotations={"pragma_x": 1}):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] + T.float32(1)


@T.prim_func
def symbolic(a: T.handle, b: T.handle, n: T.int32):
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")
    for i in range(n):
        with T.block("B"):
            vi = T.axis.remap("S", [i])
            B[vi] = A[vi] + T.float32(1)


def attempt(what, func, f):
    sch = tir.Schedule(func)
    before = sch.mod["main"]
    try:
        f(sch)
        raise AssertionError(what + ": must fail")
    except tvm.tir.ScheduleError:
        print(what + ": ScheduleError")
    tvm.ir.assert_structural_equal(before, sch.mod["main"])


def first_loop(sch, index=0):
    for name in ("opaque", "B"):
        try:
            return sch.get_loops(sch.get_block(name))[index]
        except tvm.TVMError:
            pass


attempt("two inferred factors", opaque, lambda s: s.loop_partition(first_loop(s), [None, 4, None]))
attempt("factors reaching the extent", opaque, lambda s: s.loop_partition(first_loop(s), [10, 6]))
attempt("a zero factor", opaque, lambda s: s.loop_partition(first_loop(s), [0, None]))
attempt("a negative factor", opaque, lambda s: s.loop_partition(first_loop(s), [None, -4]))
attempt("a thread-bound loop", annotated, lambda s: s.loop_partition(first_loop(s), [None, 4]))
attempt("an annotated loop", annotated, lambda s: s.loop_partition(first_loop(s, 1), [None, 4]))
attempt("a symbolic extent", symbolic, lambda s: s.loop_partition(first_loop(s), [4, None]))

sch = tir.Schedule(opaque)
i, j = sch.get_loops(sch.get_block("opaque"))
sch.loop_partition(i, factors=[None, 6])
print(sch.mod["main"].script())
print(sch.trace)
