// Affine block bindings (tir/AffineBinding.h): which bindings TVM's DetectIterMap accepts
// as an affine map of the loops, and the primitives that require them with TVM's errors:
// reorder (NotAffineBindingError, partial affinity under the reordered loops), and the
// reduction-block checks of compute_at, parallel, rfactor and decompose_reduction. The
// before/after programs run under TVM 0.20 are tests/tir/programs/affine_*.py.
#include <QtTest>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "script/Evaluator.h"
#include "tir/AffineBinding.h"
#include "tir/ScheduleError.h"

namespace tst_tir_affine_binding {

using namespace tessera;
using namespace tessera::tir;

namespace {

// A reduction whose binding k * 2 is not affine, then a complete block reading it.
const char* kStridedReduction =
    "import tvm\n"
    "from tvm import tir\n"
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def main(A: T.Buffer((128, 128), 'float32'), C: T.Buffer((128,), 'float32')):\n"
    "    B = T.alloc_buffer((128,))\n"
    "    for i, k in T.grid(128, 64):\n"
    "        with T.block('B'):\n"
    "            vi = T.axis.spatial(128, i)\n"
    "            vk = T.axis.reduce(128, k * 2)\n"
    "            with T.init():\n"
    "                B[vi] = T.float32(0.0)\n"
    "            B[vi] = B[vi] + A[vi, vk]\n"
    "    for i in range(128):\n"
    "        with T.block('C'):\n"
    "            vi = T.axis.spatial(128, i)\n"
    "            C[vi] = B[vi] * T.float32(2.0)\n"
    "sch = tir.Schedule(main)\n"
    "b = sch.get_block('B')\n"
    "i, k = sch.get_loops(b)\n"
    "(ci,) = sch.get_loops(sch.get_block('C'))\n";

// A reduction that writes its output by its reduction iterator (B[vk]): not a reduction
// block, whatever its init says (TVM's for_kind test rowsum_not_compact_data_flow).
const char* kOutputByReduction =
    "import tvm\n"
    "from tvm import tir\n"
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def main(A: T.Buffer((128, 128), 'float32'), B: T.Buffer((128,), 'float32')):\n"
    "    for i, k in T.grid(128, 16):\n"
    "        with T.block('B'):\n"
    "            vi, vk = T.axis.remap('SR', [i, k])\n"
    "            with T.init():\n"
    "                B[vk] = T.float32(0.0)\n"
    "            B[vk] = B[vk] + A[vi, vk]\n"
    "sch = tir.Schedule(main)\n"
    "i, k = sch.get_loops(sch.get_block('B'))\n";

// An elementwise block whose last binding scales its loop (l * 16).
const char* kScaledBinding =
    "import tvm\n"
    "from tvm import tir\n"
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def main(A: T.Buffer((128, 128, 128), 'float32'), B: T.Buffer((128, 128, 128), "
    "'float32')):\n"
    "    for i, j, l in T.grid(128, 128, 8):\n"
    "        with T.block('B'):\n"
    "            vi, vj = T.axis.remap('SS', [i, j])\n"
    "            vl = T.axis.spatial(128, l * 16)\n"
    "            B[vi, vj, vl] = A[vi, vj, vl] * T.float32(2.0)\n"
    "sch = tir.Schedule(main)\n"
    "i, j, l = sch.get_loops(sch.get_block('B'))\n";

Var Int(const std::string& name) { return Var(name, ir::DataType::Int(32)); }

std::pair<Var, ir::Range> Loop(const Var& v, int64_t extent) {
  return {v, ir::Range(ir::make_const(v.dtype(), int64_t{0}), ir::make_const(v.dtype(), extent))};
}

Expr C(int64_t v) { return ir::make_const(ir::DataType::Int(32), v); }

}  // namespace

class TestTirAffineBinding : public QObject {
  Q_OBJECT

 private slots:
  void detectsAffineBindings() {
    Var i = Int("i"), j = Int("j"), f0 = Int("f0"), f1 = Int("f1"), n = Int("n");
    std::vector<std::pair<Var, ir::Range>> ij = {Loop(i, 16), Loop(j, 4)};
    // plain, split and fused iterators
    QVERIFY(IsAffineBinding({i, j}, ij));
    QVERIFY(IsAffineBinding({i * 4 + j}, ij));
    QVERIFY(IsAffineBinding({ir::floordiv(i, 4), ir::floormod(i, 4)}, ij));
    QVERIFY(IsAffineBinding({ir::floordiv(i, 4) * 4 + j, ir::floormod(i, 4)}, ij));
    QVERIFY(IsAffineBinding({ir::floormod(ir::floordiv(i, 2), 4), ir::floordiv(i, 8)}, ij));
    // a constant offset and a variable that is not a loop are constants
    QVERIFY(IsAffineBinding({i + 3, j + n * n}, ij));
    QVERIFY(IsAffineBinding({C(0)}, ij));
    // a split fused loop: (f0 * 32 + f1) // 128 and % 128
    std::vector<std::pair<Var, ir::Range>> fused = {Loop(f0, 512), Loop(f1, 32)};
    Expr f = f0 * 32 + f1;
    QVERIFY(IsAffineBinding({ir::floordiv(f, 128), ir::floormod(f, 128)}, fused));
    // no loops: trivially affine
    QVERIFY(IsAffineBinding({i * i}, {}));
    // overlapping parts are surjective, as TVM's DetectIterMap accepts them at that level:
    // j's extent 4 reaches past i's step 2 (or 3), the binding still covers [0, 34)
    QVERIFY(IsAffineBinding({i * 2 + j}, ij));
    QVERIFY(IsAffineBinding({i * 3 + j}, ij));
  }

  // A loop over n * 32 split by the symbolic n, as dynamic-shape schedules fuse and split:
  // the digits' sizes are proved, not computed.
  void detectsSymbolicSplits() {
    Var f = Int("f"), n = Int("n"), i = Int("i"), p0 = Int("ph_0"), p1 = Int("ph_1");
    std::vector<std::pair<Var, ir::Range>> fused = {{f, ir::Range(C(0), n * C(32))}};
    QVERIFY(IsAffineBinding({ir::floordiv(f, n), ir::floormod(f, n)}, fused));
    QVERIFY(IsAffineBinding({ir::floormod(f, n)}, fused));
    QVERIFY(!IsAffineBinding({ir::floordiv(f, n), f}, fused));  // f's low part twice
    QVERIFY(!IsAffineBinding({ir::floormod(f, n), ir::floormod(f, n)}, fused));
    QVERIFY(!IsAffineBinding({ir::floormod(f, i)}, fused));  // i does not divide n * 32
    auto inverse =
        InverseBijectiveAffineMap({ir::floordiv(f, n), ir::floormod(f, n)}, fused, {p0, p1});
    QVERIFY(inverse && inverse->size() == 1);
    QCOMPARE(QString::fromStdString(ir::to_string((*inverse)[0])), QString("(ph_1 + (ph_0*n))"));
    QVERIFY(!InverseBijectiveAffineMap({ir::floormod(f, n)}, fused, {p1}));  // not all of f
  }

  void rejectsNonAffineBindings() {
    Var i = Int("i"), j = Int("j");
    std::vector<std::pair<Var, ir::Range>> ij = {Loop(i, 16), Loop(j, 4)};
    QVERIFY(!IsAffineBinding({i * 16}, ij));     // scale other than 1
    QVERIFY(!IsAffineBinding({i * 8 + j}, ij));  // a gap: j's 4 values do not reach i's step
    QVERIFY(!IsAffineBinding({i, i}, ij));       // one loop in two bindings
    QVERIFY(!IsAffineBinding({ir::floordiv(i, 4), i}, ij));
    QVERIFY(!IsAffineBinding({i * i + j}, ij));                   // not linear
    QVERIFY(!IsAffineBinding({i - j}, ij));                       // a negative coefficient
    QVERIFY(!IsAffineBinding({ir::floordiv(i * 4 + j, 3)}, ij));  // 3 cuts no digit
    QVERIFY(!IsAffineBinding({ir::floordiv(i + 1, 4)}, ij));      // a split of an offset
  }

  void refusals_data() {
    QTest::addColumn<std::string>("prelude");
    QTest::addColumn<std::string>("call");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("reorder to the top of the scope")
        << std::string(kScaledBinding) << std::string("sch.reorder(l, i)")
        << std::string("NotAffineBindingError: The block B is required to have an affine binding");
    QTest::newRow("reorder below a loop")
        << std::string(kScaledBinding) << std::string("sch.reorder(l, j)")
        << std::string(
               "NotAffineBindingError: The block B is required to have an partial affine binding "
               "under i");
    QTest::newRow("reorder over a strided reduction")
        << std::string(kStridedReduction) << std::string("sch.reorder(k, i)")
        << std::string("NotAffineBindingError: The block B is required to have an affine binding");
    QTest::newRow("compute_at of a strided reduction")
        << std::string(kStridedReduction) << std::string("sch.compute_at(b, ci)")
        << std::string(
               "NotCompleteOrReductionBlockError: The block B is neither a complete block nor a "
               "reduction block");
    QTest::newRow("parallel over a strided reduction")
        << std::string(kStridedReduction) << std::string("sch.parallel(i)")
        << std::string(
               "NotCompactDataFlowError: The subtree under loop i does not have compact "
               "dataflow: block B is neither a complete block nor a reduction block");
    QTest::newRow("parallel over a reduction that writes by its reduction iterator")
        << std::string(kOutputByReduction) << std::string("sch.parallel(i)")
        << std::string(
               "NotCompactDataFlowError: The subtree under loop i does not have compact "
               "dataflow: block B is neither a complete block nor a reduction block");
    QTest::newRow("rfactor of a strided reduction")
        << std::string(kStridedReduction) << std::string("sch.rfactor(k, 0)")
        << std::string(
               "NotReductionBlockError: The block B is not a reduction block - it violates "
               "condition #2.");
    QTest::newRow("decompose_reduction of a strided reduction")
        << std::string(kStridedReduction) << std::string("sch.decompose_reduction(b, i)")
        << std::string(
               "NotReductionBlockError: The block B is not a reduction block - it violates "
               "condition #2.");
  }
  void refusals() {
    QFETCH(std::string, prelude);
    QFETCH(std::string, call);
    QFETCH(std::string, expected);
    // The failed call leaves the function and the trace as they were.
    std::string code = prelude +
                       "before = sch.mod['main'].script()\n"
                       "trace = str(sch.trace)\n"
                       "try:\n"
                       "    " +
                       call +
                       "\n"
                       "    raise AssertionError('no error')\n"
                       "except tvm.tir.ScheduleError as e:\n"
                       "    assert '" +
                       expected +
                       "' in str(e), str(e)\n"
                       "assert sch.mod['main'].script() == before\n"
                       "assert str(sch.trace) == trace\n";
    auto r = script::EvaluateScript(code, "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void parallelDoesNotCheckAffinity() {
    // TVM 0.20's CheckLoopParallelizableInBlock has its affine-binding check disabled.
    auto r = script::EvaluateScript(
        std::string(kScaledBinding) + "sch.parallel(l)\nsch.vectorize(i)\n", "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }
};

}  // namespace tst_tir_affine_binding

QTEST_APPLESS_MAIN(tst_tir_affine_binding::TestTirAffineBinding)
#include "tst_tir_affine_binding.moc"
