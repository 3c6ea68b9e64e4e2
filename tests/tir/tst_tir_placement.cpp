// Where compute_at / reverse_compute_at put a block among the loop's children (`index`:
// -1 the last place the dependences allow, -2 the first, or a position in that range;
// anything else is TVM's "Valid index" error), and which stores compute_inline accepts
// (the iterators in order, or a bijective affine map of them, inverted as TVM's
// InverseAffineIterMap does). The before/after programs run under TVM 0.20 are
// tests/tir/programs/compute_at_index.py and compute_inline_*.py.
#include <QtTest>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "script/Evaluator.h"
#include "tir/AffineBinding.h"
#include "tir/ScriptPrinter.h"

namespace tst_tir_placement {

using namespace tessera;
using namespace tessera::tir;

namespace {

// B before a loop holding F (unrelated), C (B's consumer) and G (unrelated); D after it.
const char* kPlacement =
    "import tvm\n"
    "from tvm import tir\n"
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def main(A: T.Buffer((16, 16), 'float32'), D: T.Buffer((16, 16), 'float32'),\n"
    "         F: T.Buffer((16, 16), 'float32'), G: T.Buffer((16, 16), 'float32')):\n"
    "    B = T.alloc_buffer((16, 16))\n"
    "    C = T.alloc_buffer((16, 16))\n"
    "    for i, j in T.grid(16, 16):\n"
    "        with T.block('B'):\n"
    "            vi, vj = T.axis.remap('SS', [i, j])\n"
    "            B[vi, vj] = A[vi, vj] * T.float32(2.0)\n"
    "    for i in range(16):\n"
    "        for j in range(16):\n"
    "            with T.block('F'):\n"
    "                vi, vj = T.axis.remap('SS', [i, j])\n"
    "                F[vi, vj] = A[vi, vj] * T.float32(3.0)\n"
    "        for j in range(16):\n"
    "            with T.block('C'):\n"
    "                vi, vj = T.axis.remap('SS', [i, j])\n"
    "                C[vi, vj] = B[vi, vj] + T.float32(1.0)\n"
    "        for j in range(16):\n"
    "            with T.block('G'):\n"
    "                vi, vj = T.axis.remap('SS', [i, j])\n"
    "                G[vi, vj] = A[vi, vj] + T.float32(4.0)\n"
    "    for i, j in T.grid(16, 16):\n"
    "        with T.block('D'):\n"
    "            vi, vj = T.axis.remap('SS', [i, j])\n"
    "            D[vi, vj] = C[vi, vj] * T.float32(5.0)\n"
    "sch = tir.Schedule(main)\n"
    "i = sch.get_loops(sch.get_block('C'))[0]\n"
    "def blocks_in_order():\n"
    "    text = sch.mod['main'].script()\n"
    "    names = ''\n"
    "    for at in sorted([text.find('T.block(\"' + n + '\")') for n in 'BFCGD']):\n"
    "        for n in 'BFCGD':\n"
    "            if text.find('T.block(\"' + n + '\")') == at:\n"
    "                names = names + n\n"
    "    return names\n";

// B (producer) stores `store`, over `loops` with iterators `iters`; C reads B.
std::string InlineProgram(const std::string& shape, const std::string& loops,
                          const std::string& iters, const std::string& store) {
  return "import tvm\n"
         "from tvm import tir\n"
         "from tvm.script import tir as T\n"
         "@T.prim_func\n"
         "def main(A: T.Buffer((16, 16), 'float32'), C: T.Buffer(" +
         shape +
         ", 'float32')):\n"
         "    B = T.alloc_buffer(" +
         shape +
         ")\n"
         "    for i, j in T.grid(" +
         loops +
         "):\n"
         "        with T.block('B'):\n"
         "            " +
         iters +
         "\n"
         "            B[" +
         store +
         "] = A[vi, vj] * T.float32(2.0)\n"
         "    for i in range(16):\n"
         "        with T.block('C'):\n"
         "            vi = T.axis.spatial(16, i)\n"
         "            C[vi, 0] = B[vi, 0] + T.float32(1.0)\n"
         "sch = tir.Schedule(main)\n"
         "before = sch.mod['main'].script()\n";
}

Var Int(const std::string& name) { return Var(name, ir::DataType::Int(32)); }

std::pair<Var, ir::Range> Iter(const Var& v, int64_t extent) {
  return {v, ir::Range(ir::make_const(v.dtype(), int64_t{0}), ir::make_const(v.dtype(), extent))};
}

}  // namespace

class TestTirPlacement : public QObject {
  Q_OBJECT

 private slots:
  void computeAtIndex_data() {
    QTest::addColumn<std::string>("call");
    QTest::addColumn<std::string>("order");
    // Blocks in program order after the call.
    QTest::newRow("compute_at, index -1: before the consumer")
        << std::string("sch.compute_at(sch.get_block('B'), i)") << std::string("FBCGD");
    QTest::newRow("compute_at, index -2: the first place")
        << std::string("sch.compute_at(sch.get_block('B'), i, index=-2)") << std::string("BFCGD");
    QTest::newRow("compute_at, index 1")
        << std::string("sch.compute_at(sch.get_block('B'), i, index=1)") << std::string("FBCGD");
    QTest::newRow("reverse_compute_at, index -1: the end of the loop")
        << std::string("sch.reverse_compute_at(sch.get_block('D'), i)") << std::string("BFCGD");
    QTest::newRow("reverse_compute_at, index -2: after the producer")
        << std::string("sch.reverse_compute_at(sch.get_block('D'), i, index=-2)")
        << std::string("BFCDG");
    QTest::newRow("reverse_compute_at, index 3")
        << std::string("sch.reverse_compute_at(sch.get_block('D'), i, index=3)")
        << std::string("BFCGD");
  }
  void computeAtIndex() {
    QFETCH(std::string, call);
    QFETCH(std::string, order);
    std::string code = std::string(kPlacement) + call +
                       "\n"
                       "assert blocks_in_order() == '" +
                       order + "', blocks_in_order()\n";
    auto r = script::EvaluateScript(code, "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void computeAtIndexOutOfRange_data() {
    QTest::addColumn<std::string>("call");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("compute_at past the consumer")
        << std::string("sch.compute_at(sch.get_block('B'), i, index=2)")
        << std::string("TVMError: Valid index:(-1, -2, [0, 1]), current index=2");
    QTest::newRow("compute_at, index -3")
        << std::string("sch.compute_at(sch.get_block('B'), i, index=-3)")
        << std::string("TVMError: Valid index:(-1, -2, [0, 1]), current index=-3");
    QTest::newRow("reverse_compute_at before the producer")
        << std::string("sch.reverse_compute_at(sch.get_block('D'), i, index=1)")
        << std::string("TVMError: Valid index:(-1, -2, [2, 3]), current index=1");
  }
  void computeAtIndexOutOfRange() {
    QFETCH(std::string, call);
    QFETCH(std::string, expected);
    std::string code = std::string(kPlacement) +
                       "before = sch.mod['main'].script()\n"
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
                       "assert 'compute_at' not in str(sch.trace)\n";
    auto r = script::EvaluateScript(code, "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void inverseOfBijectiveMaps() {
    Var i = Int("i"), j = Int("j"), p0 = Int("ph_0"), p1 = Int("ph_1"), p2 = Int("ph_2");
    auto text = [](const std::optional<std::vector<Expr>>& v) {
      std::string out;
      for (const Expr& e : v.value_or(std::vector<Expr>{}))
        out += (out.empty() ? "" : "; ") + ir::to_string(e);
      return QString::fromStdString(v ? out : "not bijective");
    };
    std::vector<std::pair<Var, ir::Range>> ij = {Iter(i, 16), Iter(j, 32)};
    QCOMPARE(text(InverseBijectiveAffineMap({j, i}, ij, {p0, p1})), QString("ph_1; ph_0"));
    QCOMPARE(text(InverseBijectiveAffineMap({i * 32 + j}, ij, {p0})),
             QString("floordiv(ph_0, 32); floormod(ph_0, 32)"));
    std::vector<std::pair<Var, ir::Range>> one = {Iter(i, 128)};
    QCOMPARE(
        text(InverseBijectiveAffineMap({ir::floordiv(i, 4), ir::floormod(i, 4)}, one, {p0, p1})),
        QString("(ph_1 + (ph_0*4))"));
    QCOMPARE(text(InverseBijectiveAffineMap(
                 {ir::floordiv(i, 8), ir::floormod(ir::floordiv(i, 2), 4), ir::floormod(i, 2)}, one,
                 {p0, p1, p2})),
             QString("((ph_2 + (ph_1*2)) + (ph_0*8))"));
    // not bijective: a scaled index, an iterator used twice or not at all, a hole
    QCOMPARE(text(InverseBijectiveAffineMap({i * 2}, one, {p0})), QString("not bijective"));
    QCOMPARE(text(InverseBijectiveAffineMap({i, i}, ij, {p0, p1})), QString("not bijective"));
    QCOMPARE(text(InverseBijectiveAffineMap({i}, ij, {p0})), QString("not bijective"));
    QCOMPARE(text(InverseBijectiveAffineMap({ir::floordiv(i, 4)}, one, {p0})),
             QString("not bijective"));
    QCOMPARE(text(InverseBijectiveAffineMap({i + 1, j}, ij, {p0, p1})), QString("not bijective"));
  }

  void inlineRefusesOtherStores_data() {
    QTest::addColumn<std::string>("program");
    // TVM 0.20 refuses these too (as "not a stage pipeline": the read regions are not
    // covered); Tessera names the store.
    QTest::newRow("a scaled index")
        << InlineProgram("(16, 32)", "16, 16", "vi, vj = T.axis.remap('SS', [i, j])", "vi, vj * 2");
    QTest::newRow("one iterator twice")
        << InlineProgram("(16, 16)", "16, 16", "vi, vj = T.axis.remap('SS', [i, j])", "vi, vi");
    QTest::newRow("an offset") << InlineProgram(
        "(17, 16)", "16, 16", "vi, vj = T.axis.remap('SS', [i, j])", "vi + 1, vj");
  }
  void inlineRefusesOtherStores() {
    QFETCH(std::string, program);
    std::string code = program +
                       "try:\n"
                       "    sch.compute_inline(sch.get_block('B'))\n"
                       "    raise AssertionError('no error')\n"
                       "except tvm.tir.ScheduleError as e:\n"
                       "    assert 'BodyAnalysisError: The block B cannot be inlined' in str(e), "
                       "str(e)\n"
                       "assert sch.mod['main'].script() == before\n";
    auto r = script::EvaluateScript(code, "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }
};

}  // namespace tst_tir_placement

QTEST_APPLESS_MAIN(tst_tir_placement::TestTirPlacement)
#include "tst_tir_placement.moc"
