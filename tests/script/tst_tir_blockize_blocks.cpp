// blockize of a list of blocks in scripts (`sch.blockize([b0, b1])`): what it refuses
// (with what TVM checks, or where TVM would stop on a failed check or reorder blocks
// without looking at their dependences), and its trace through JSON and back. What it
// makes is compared with TVM 0.20's output by tst_tir_tvm_reference
// (tests/tir/programs/blockize_blocks.py, menu_options_blockize_blocks.py).
#include <QtTest>

#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_blockize_blocks {

using namespace tessera;
using namespace tessera::script;

namespace {

// C = A B^T, read by D and E.
const char* kProgram =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((16, 64), 'float32', name='A')\n"
    "B = te.placeholder((16, 64), 'float32', name='B')\n"
    "k = te.reduce_axis((0, 64), name='k')\n"
    "C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name='C')\n"
    "D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name='D')\n"
    "E = te.compute((16, 16), lambda i, j: C[i, j] + 1.0, name='E')\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, D, E]))\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kProgram) + body, "t.py");
}

}  // namespace

class TestTirBlockizeBlocks : public QObject {
  Q_OBJECT

 private slots:
  void refusals_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<QString>("why");
    QTest::newRow("one block") << std::string("sch.blockize([sch.get_block('D')])\n")
                               << "two or more blocks";
    QTest::newRow("not in the order they run")
        << std::string("sch.blockize([sch.get_block('E'), sch.get_block('D')])\n")
        << "Target blocks must be consecutive";
    QTest::newRow("a block between")
        << std::string("sch.blockize([sch.get_block('C'), sch.get_block('E')])\n")
        << "Target blocks must be consecutive";
    QTest::newRow("a block twice")
        << std::string("sch.blockize([sch.get_block('D'), sch.get_block('D')])\n") << "given twice";
    QTest::newRow("an outer reduction iterator with an init")
        << std::string("sch.blockize([sch.get_block('C'), sch.get_block('D')])\n")
        << "No reduction iter vars allowed";
    QTest::newRow("a block beside one of the list")
        << std::string(
               "sch.reverse_compute_at(sch.get_block('E'), sch.get_loops(sch.get_block('C'))[0])\n"
               "sch.blockize([sch.get_block('E'), sch.get_block('D')])\n")
        << "C runs beside E";
    QTest::newRow("a loop in the list")
        << std::string("sch.blockize([sch.get_block('D'), sch.get_loops(sch.get_block('E'))[0]])\n")
        << "target";
  }
  void refusals() {
    QFETCH(std::string, code);
    QFETCH(QString, why);
    auto r = Eval(code);
    QVERIFY(!r);
    QVERIFY2(QString::fromStdString(r.error().format()).contains(why), r.error().format().c_str());
  }

  // The trace names the blocks as TVM's as_json does ([["b0", "b1"]]) and replays.
  void traceThroughJson() {
    auto r = Eval(
        "sch.blockize([sch.get_block('D'), sch.get_block('E')], "
        "preserve_unit_iters=False)\n");
    QVERIFY2(r, r ? "" : r.error().format().c_str());
    const tir::Schedule& sch = *r->tir_schedule;
    std::string json = tir::TraceToJson(sch.trace());
    QVERIFY2(
        json.find("[\"Blockize\",[[\"b0\",\"b1\"]],[0],[\"b2\"]]") != std::string::npos ||
            json.find("[\"Blockize\", [[\"b0\", \"b1\"]], [0], [\"b2\"]]") != std::string::npos,
        json.c_str());
    QVERIFY(tir::TraceAsPython(sch.trace())
                .find("b2 = sch.blockize(target=[b0, b1], preserve_unit_iters=False)") !=
            std::string::npos);
    auto back = tir::TraceFromJson(json);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    tir::Schedule replayed(sch.original_func());
    Status s = tir::ApplyTrace(*back, &replayed);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(QString::fromStdString(tir::AsTVMScript(replayed.func())),
             QString::fromStdString(tir::AsTVMScript(sch.func())));
    QVERIFY(tir::AsTVMScript(sch.func()).find("with T.block(\"outer_D_E_\"):") !=
            std::string::npos);
  }
};

}  // namespace tst_tir_blockize_blocks

QTEST_APPLESS_MAIN(tst_tir_blockize_blocks::TestTirBlockizeBlocks)
#include "tst_tir_blockize_blocks.moc"
