// What TVM 0.20's own tir-schedule tests check and Tessera did otherwise: a consumer
// inlined into a producer that wrote more than it read (the producer wrote past the
// output), a reorder under a predicate that fuses the loops, a sampled tile of a loop of
// symbolic extent, rfactor of a let-bodied update and outside a stage pipeline,
// structural_hash, error render levels, a block's identity across primitives, a min with
// its constant first, compute-at under a loop split by a symbolic extent and a required
// range clipped to the block's domain.
#include <QtTest>

#include "TirLowerSupport.h"
#include "arith/Analyzer.h"
#include "ir/Printer.h"
#include "script/Evaluator.h"
#include "tir/Schedule.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tst_tir_tvm_test_parity {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

// A TVMScript program whose own asserts check it.
void RunScript(const std::string& program) {
  auto r = script::EvaluateScript(program, "t.py");
  QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
}

// y[0, c, h, w] = x[0, c, h, w] + 1 for the first 12 of 16 channels, through a full-size
// intermediate (TVM's strided slice after an add).
TeProgram SliceAfterAdd() {
  auto x = *te::placeholder({1, 16, 7, 7}, ir::DataType::Float(32), "x");
  auto t = *te::compute(
      {1, 16, 7, 7},
      [&](const std::vector<ir::Var>& i) { return x(i[0], i[1], i[2], i[3]) + 1.0f; }, "T_add");
  auto y = *te::compute(
      {1, 12, 7, 7}, [&](const std::vector<ir::Var>& i) { return t(i[0], i[1], i[2], i[3]); },
      "slice");
  return {{x, y}};
}

}  // namespace

class TestTirTvmTestParity : public QObject {
  Q_OBJECT

 private slots:
  // The inlined producer runs over all 16 channels and would store 4 of them past the
  // 12-channel output: it gets the consumer's domain as its predicate.
  void reverseInlinedSliceWritesOnlyTheSlice() {
    TeProgram p = SliceAfterAdd();
    Schedule sch(p.func());
    Status s = sch.ReverseComputeInline(*sch.GetBlock("slice"));
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    std::string script = AsTVMScript(sch.func());
    QVERIFY2(script.find("T.where(j < 12)") != std::string::npos, script.c_str());
    s = LowerRunAndCompare(p, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  // A consumer whose domain reaches past what the producer writes cannot take its place.
  void reverseInlineRefusesAConsumerWiderThanItsProducer() {
    RunScript(R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def wider(x: T.Buffer((8,), "float32"), y: T.Buffer((8,), "float32")):
    t = T.alloc_buffer((8,))
    for i in range(6):
        with T.block("P"):
            vi = T.axis.spatial(6, i)
            t[vi] = x[vi] * T.float32(2)
    for i in range(8):
        with T.block("C"):
            vi = T.axis.spatial(8, i)
            y[vi] = t[vi] + T.float32(1)


sch = tir.Schedule(wider)
with pytest.raises(tvm.tir.ScheduleError):
    sch.reverse_compute_inline(sch.get_block("C"))
assert "P" in sch.mod["main"].script() and "C" in sch.mod["main"].script()
)py");
  }

  // TVM's test_reorder_with_predicate: the predicate bounds the four loops fused, so the
  // bindings that use each loop alone are not affine and reorder refuses; a split's tail
  // predicate (the binding is the predicate's sum) still reorders.
  void reorderRefusesLoopsAPredicateFuses() {
    RunScript(R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def predicated(a: T.handle, b: T.handle) -> None:
    A = T.match_buffer(a, (128, 128, 128, 128))
    B = T.match_buffer(b, (128, 128, 128, 128))
    for i, j, k, l in T.grid(128, 128, 128, 128):
        with T.block("B"):
            T.where(i * 2097152 + j * 16384 + k * 128 + l < 100)
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            B[vi, vj, vk, vl] = A[vi, vj, vk, vl] * 2.0


@T.prim_func
def tail(A: T.Buffer((100, 8), "float32"), B: T.Buffer((100, 8), "float32")):
    for i, j in T.grid(100, 8):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] + 1.0


sch = tir.Schedule(predicated, debug_mask="all")
i, j, k, l = sch.get_loops(sch.get_block("B"))
with pytest.raises(tvm.tir.ScheduleError):
    sch.reorder(l, i)

sch = tir.Schedule(tail)
i, j = sch.get_loops(sch.get_block("B"))
io, ii = sch.split(i, [None, 32])
sch.reorder(ii, j)
assert "T.where(i_0 * 32 + i_1 < 100)" in sch.mod["main"].script()
)py");
  }

  // TVM's test_sample_perfect_tile_on_dynamic_loops: the outer tile of a symbolic loop is
  // None (`_` in the trace), the others 1, and the trace replays from its text and JSON.
  void sampledTileOfASymbolicLoopIsNone() {
    RunScript(R"py(import tvm
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule.testing import verify_trace_roundtrip


@T.prim_func
def workload(a: T.handle) -> None:
    n = T.int32()
    A = T.match_buffer(a, (n, 1024))
    for i, j in T.grid(n, 1024):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            A[vi, vj] = 1.0


sch = tir.Schedule(workload, debug_mask="all")
di, si = sch.get_loops(sch.get_block("B"))
factors = sch.sample_perfect_tile(di, n=4)
assert factors[0] is None
assert [sch.get(f) for f in factors[1:]] == [1, 1, 1]
sch.split(di, factors)
text = str(sch.trace)
assert "_, v4, v5, v6 = sch.sample_perfect_tile(loop=l1, n=4, max_innermost_factor=16, decision=[-1, 1, 1, 1])" in text, text
assert "factors=[None, v4, v5, v6]" in text, text
verify_trace_roundtrip(sch, mod=workload)
)py");
  }

  // TVM's test_reduction_rfactor_matmul_with_let and _not_stage_pipeline: an update
  // written through a let (`v: T.float32 = B[vi] + A[vi, vk]; B[vi] = v`) is the update it
  // names, and rfactor refuses a scope that is not a stage pipeline (C reads 32 rows of a
  // B whose producer writes 16).
  void rfactorReadsALetUpdateAndNeedsAStagePipeline() {
    RunScript(R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def with_let(A: T.Buffer((16, 64), "float32"), B: T.Buffer((16,), "float32")):
    for i, k0, k1 in T.grid(16, 8, 8):
        with T.block("sum"):
            vi = T.axis.spatial(16, i)
            vk = T.axis.reduce(64, k0 * 8 + k1)
            with T.init():
                B[vi] = T.float32(0)
            v: T.float32 = B[vi] + A[vi, vk]
            B[vi] = v


@T.prim_func
def plain(A: T.Buffer((16, 64), "float32"), B: T.Buffer((16,), "float32")):
    for i, k0, k1 in T.grid(16, 8, 8):
        with T.block("sum"):
            vi = T.axis.spatial(16, i)
            vk = T.axis.reduce(64, k0 * 8 + k1)
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]


@T.prim_func
def overread(A: T.Buffer((16, 64), "float32"), C: T.Buffer((32,), "float32")):
    B = T.alloc_buffer((32,))
    for i, k in T.grid(16, 64):
        with T.block("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]
    for i in range(32):
        with T.block("C"):
            vi = T.axis.spatial(32, i)
            C[vi] = B[vi]


a = tir.Schedule(with_let)
a.rfactor(a.get_loops(a.get_block("sum"))[2], 0)
b = tir.Schedule(plain)
b.rfactor(b.get_loops(b.get_block("sum"))[2], 0)
tvm.ir.assert_structural_equal(a.mod["main"].with_attr("global_symbol", "main"), b.mod["main"].with_attr("global_symbol", "main"))

s = tir.Schedule(overread)
with pytest.raises(tvm.tir.ScheduleError):
    s.rfactor(s.get_loops(s.get_block("sum"))[1], 0)
)py");
  }

  // tvm.ir.structural_hash agrees with structural_equal: functions equal but for their
  // names hash alike, a schedule leaves its input's hash alone (TVM's
  // test_decompose_reduction_ref_hash_check), a scheduled function hashes otherwise.
  void structuralHashAgreesWithEquality() {
    RunScript(R"py(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def f1(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64,), "float32")):
    for i, k in T.grid(64, 64):
        with T.block("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]


@T.prim_func
def f2(X: T.Buffer((64, 64), "float32"), Y: T.Buffer((64,), "float32")):
    for a, b in T.grid(64, 64):
        with T.block("other_name"):
            va, vb = T.axis.remap("SR", [a, b])
            with T.init():
                Y[va] = T.float32(0)
            Y[va] = Y[va] + X[va, vb]


g1 = f1.with_attr("global_symbol", "main")
g2 = f2.with_attr("global_symbol", "main")
assert tvm.ir.structural_equal(g1, g2)
assert tvm.ir.structural_hash(g1) == tvm.ir.structural_hash(g2)
mod = tvm.IRModule.from_expr(g1)
before = tvm.ir.structural_hash(mod)
sch = tir.Schedule(mod["main"])
sch.split(sch.get_loops(sch.get_block("sum"))[0], [None, 8])
assert tvm.ir.structural_hash(mod) == before
assert tvm.ir.structural_hash(sch.mod["main"]) != tvm.ir.structural_hash(g1)
x = tir.Var("x", "int32")
assert tvm.ir.structural_hash(x + 1) == tvm.ir.structural_hash(x + 1)
)py");
  }

  // TVM's test_tir_schedule_error: error_render_level "fast" raises TVM's one line for the
  // error's class, "none" an unrendered ScheduleError; a copy keeps the level; anything
  // else is a ValueError at the constructor. A missing attribute is an AttributeError.
  void errorRenderLevels() {
    RunScript(R"py(import pytest
import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def add(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(64):
        with T.block("B"):
            vi = T.axis.spatial(64, i)
            B[vi] = A[vi] + T.float32(1)


def message(level, action):
    sch = tir.Schedule(add, error_render_level=level)
    with pytest.raises(tir.ScheduleError) as excinfo:
        action(sch)
    (msg,) = excinfo.value.args
    return msg


def missing(sch):
    sch.get_block("C")


def bad_split(sch):
    sch.split(sch.get_loops(sch.get_block("B"))[0], [3, 5])


assert "Cannot find a block with the name: C" in message("detail", missing)
assert "Cannot find a block with the specified name" in message("fast", missing)
assert "(not rendered)" in message("none", missing)
assert "The product of factors is not larger than or equal to the extent of loop" in message("fast", bad_split)
assert "(not rendered)" in message("none", bad_split)
fast = tir.Schedule(add, error_render_level="fast")
with pytest.raises(tir.ScheduleError):
    fast.copy().get_block("C")
with pytest.raises(ValueError):
    tir.Schedule(add, error_render_level="quiet")
with pytest.raises(AttributeError):
    fast.non_existent_field()
)py");
  }

  // s.get(block) of a block no primitive replaced is the same object (TVM's
  // test_decompose_reduction_ref_hash_check).
  void aBlockKeepsItsIdentity() {
    RunScript(R"py(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def colsum(A: T.Buffer((32, 32), "float32"), B: T.Buffer((32,), "float32")):
    for k, i in T.grid(32, 32):
        with T.block("B"):
            vk, vi = T.axis.remap("RS", [k, i])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vk, vi]


s = tir.Schedule(colsum)
B = s.get_block("B")
k, _ = s.get_loops(B)
B_init = s.decompose_reduction(B, k)
assert s.get(B).same_as(s.get(s.get_block("B_update")))
assert s.get(B_init).same_as(s.get(s.get_block("B_init")))
assert not s.get(B).same_as(s.get(B_init))
)py");
  }

  // TVM's simplifier leaves min(31, x) as written, and a fused extent keeps it so
  // (test_fuse_not_affine compares the function with TVM's).
  void aMinKeepsItsConstantFirst() {
    arith::Analyzer analyzer;
    Var i("i");
    Expr e = ir::mul(ir::add(ir::min(ir::make_const(i.dtype(), int64_t{31}),
                                     ir::sub(ir::make_const(i.dtype(), int64_t{126}),
                                             ir::mul(i, ir::make_const(i.dtype(), int64_t{32})))),
                             ir::make_const(i.dtype(), int64_t{1})),
                     ir::make_const(i.dtype(), int64_t{128}));
    QCOMPARE(Q(ir::to_string(analyzer.Simplify(e))),
             QString("((min(31, (126 - (i*32)))*128) + 128)"));
  }

  // A loop over m * 16 rows split by the symbolic m (a dynamic-shape reduction after
  // rfactor): the bindings `rows // m`, `rows % m` are affine, so the consumer moves under
  // the producer's row loop as TVM does it.
  void reverseComputeAtUnderASymbolicallySplitLoop() {
    RunScript(R"py(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def before(a: T.handle, b: T.handle, c: T.handle):
    m = T.int32()
    X = T.match_buffer(a, (16, 64))
    Y = T.match_buffer(b, (16, m, 64))
    Z = T.match_buffer(c, (16, m))
    Z_rf = T.alloc_buffer((64, 16, m))
    for rows, k in T.grid(m * 16, 64):
        with T.block("partial"):
            vk = T.axis.spatial(64, k)
            vb = T.axis.spatial(16, rows // m)
            vr = T.axis.spatial(m, rows % m)
            Z_rf[vk, vb, vr] = X[vb, vk] * Y[vb, vr, vk]
    for rows, k in T.grid(m * 16, 64):
        with T.block("total"):
            vk = T.axis.reduce(64, k)
            vb = T.axis.spatial(16, rows // m)
            vr = T.axis.spatial(m, rows % m)
            with T.init():
                Z[vb, vr] = T.float32(0)
            Z[vb, vr] = Z[vb, vr] + Z_rf[vk, vb, vr]


@T.prim_func
def expected(a: T.handle, b: T.handle, c: T.handle):
    m = T.int32()
    X = T.match_buffer(a, (16, 64))
    Y = T.match_buffer(b, (16, m, 64))
    Z = T.match_buffer(c, (16, m))
    Z_rf = T.alloc_buffer((64, 16, m))
    for rows in range(m * 16):
        for k in range(64):
            with T.block("partial"):
                vk = T.axis.spatial(64, k)
                vb = T.axis.spatial(16, rows // m)
                vr = T.axis.spatial(m, rows % m)
                Z_rf[vk, vb, vr] = X[vb, vk] * Y[vb, vr, vk]
        for ax0, ax1, ax2 in T.grid(64, 1, 1):
            with T.block("total"):
                vk = T.axis.reduce(64, ax0)
                vb = T.axis.spatial(16, rows // m + ax1)
                vr = T.axis.spatial(m, rows % m + ax2)
                with T.init():
                    Z[vb, vr] = T.float32(0)
                Z[vb, vr] = Z[vb, vr] + Z_rf[vk, vb, vr]


sch = tir.Schedule(before.with_attr("global_symbol", "main"), debug_mask="all")
rows = sch.get_loops(sch.get_block("partial"))[0]
sch.reverse_compute_at(sch.get_block("total"), rows, preserve_unit_loops=True)
tvm.ir.assert_structural_equal(sch.mod["main"], expected.with_attr("global_symbol", "main"), True)
)py");
  }
  // A concatenation read through a slice: the consumer reads A[.., j - 20] only where
  // 20 <= j, but its declared region is the point and j runs over the slice's 23 columns,
  // so the required columns [-20, 2] are clipped to A's iterator domain: 3 columns, no
  // predicate (TVM's test_compute_at_sliced_concatenate, on its own shapes).
  void computeAtClipsTheRequiredRangeToTheDomain() {
    RunScript(R"py(import tvm
from tvm import tir
from tvm.script import tir as T


@T.prim_func
def before():
    A = T.alloc_buffer((4, 6))
    B = T.alloc_buffer((4, 20))
    C = T.alloc_buffer((4, 26))
    S = T.alloc_buffer((4, 23))
    for i, j in T.grid(4, 6):
        with T.block("fill"):
            vi, vj = T.axis.remap("SS", [i, j])
            A[vi, vj] = T.float32(2)
    for i, j in T.grid(4, 26):
        with T.block("concat"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = T.if_then_else(20 <= vj, A[vi, vj - 20], B[vi, vj])
    for i, j in T.grid(4, 23):
        with T.block("slice"):
            vi, vj = T.axis.remap("SS", [i, j])
            S[vi, vj] = C[vi, vj]


@T.prim_func
def expected():
    A = T.alloc_buffer((4, 6))
    B = T.alloc_buffer((4, 20))
    C = T.alloc_buffer((4, 26))
    S = T.alloc_buffer((4, 23))
    for i in range(4):
        for ax0 in range(3):
            with T.block("fill"):
                vi = T.axis.spatial(4, i)
                vj = T.axis.spatial(6, ax0)
                A[vi, vj] = T.float32(2)
        for ax0 in range(23):
            with T.block("concat"):
                vi = T.axis.spatial(4, i)
                vj = T.axis.spatial(26, ax0)
                C[vi, vj] = T.if_then_else(20 <= vj, A[vi, vj - 20], B[vi, vj])
        for j in range(23):
            with T.block("slice"):
                vi, vj = T.axis.remap("SS", [i, j])
                S[vi, vj] = C[vi, vj]


sch = tir.Schedule(before.with_attr("global_symbol", "main"), debug_mask="all")
i = sch.get_loops(sch.get_block("slice"))[0]
sch.compute_at(sch.get_block("concat"), i)
sch.compute_at(sch.get_block("fill"), i)
tvm.ir.assert_structural_equal(sch.mod["main"], expected.with_attr("global_symbol", "main"))
)py");
  }
};

}  // namespace tst_tir_tvm_test_parity

QTEST_APPLESS_MAIN(tst_tir_tvm_test_parity::TestTirTvmTestParity)
#include "tst_tir_tvm_test_parity.moc"
