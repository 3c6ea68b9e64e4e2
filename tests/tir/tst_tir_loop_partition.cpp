// loop_partition: the partitions compute what the te oracle computes (an elementwise chain
// cut in rows and again in columns; a GEMM whose decomposed update is cut along k); each
// refusal (TVM's factor checks, the reduction loop of a block with an init, a loop that
// does not start at 0) leaves function and trace alone; the instruction prints and
// round-trips through JSON as TVM writes it.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_loop_partition {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

Status AsStatus(const Result<std::vector<LoopRV>>& r) {
  return r.ok() ? Status::Ok() : Status(r.error());
}

}  // namespace

class TestTirLoopPartition : public QObject {
  Q_OBJECT

 private slots:
  // C's rows cut at 7 and 19 of 30 (three partitions), then the columns of the first
  // partition's block at 5 of 20: the interpreter and LLVM compute the oracle's result.
  void rowsAndColumnsComputeTheSame() {
    TeProgram program = ChainProgram(30, 20);
    Schedule sch(program.func());
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    auto rows = sch.LoopPartition(loops[0], {Expr(7), Expr(12)});
    QVERIFY2(rows.ok(), rows.ok() ? "" : rows.error().message.c_str());
    QCOMPARE(rows->size(), size_t{3});
    std::vector<LoopRV> inner = *sch.GetLoops(*sch.GetBlock("C_i0"));
    QVERIFY(sch.LoopPartition(inner[1], {Expr(5), Expr()}).ok());
    const QString printed = Q(AsTVMScript(sch.func()));
    QVERIFY2(printed.contains("with T.block(\"C_i_common\"):") &&
                 printed.contains("for i2 in range(19, 30):") &&
                 printed.contains("with T.block(\"C_i0_j1\"):") &&
                 printed.contains("T.writes(C[0:7, 5:20])"),
             qPrintable(printed));
    Status s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(TraceAsPython(sch.trace())).count("sch.loop_partition(loop="), 2);
  }

  // The update of a decomposed GEMM cut along k: each partition accumulates its share.
  void decomposedReductionComputesTheSame() {
    TeProgram program = GemmProgram(12, 10, 17);
    Schedule sch(program.func());
    BlockRV c = *sch.GetBlock("C");
    std::vector<LoopRV> loops = *sch.GetLoops(c);
    QVERIFY(sch.DecomposeReduction(c, loops[0]).ok());
    auto parts = sch.LoopPartition(loops[2], {Expr(), Expr(8)});
    QVERIFY2(parts.ok(), parts.ok() ? "" : parts.error().message.c_str());
    QCOMPARE(parts->size(), size_t{2});
    Status s = LowerRunAndCompare(program, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }

  // Each refusal leaves the function and the trace as they were.
  void refusalsLeaveTheScheduleAlone() {
    TeProgram program = GemmProgram(12, 10, 17);
    Schedule sch(program.func());
    BlockRV c = *sch.GetBlock("C");
    std::vector<LoopRV> l = *sch.GetLoops(c);
    auto partition = [&](const LoopRV& loop, std::vector<Expr> f) {
      return AsStatus(sch.LoopPartition(loop, f));
    };
    ExpectRefusal(
        sch,
        [&] {
          return partition(l[0], {Expr(), Expr(3), Expr()});
        },
        "NotSingleInferFactorError");
    ExpectRefusal(
        sch,
        [&] {
          return partition(l[0], {Expr(8), Expr(4)});
        },
        "WrongFactorError");
    ExpectRefusal(
        sch,
        [&] {
          return partition(l[0], {Expr(0), Expr()});
        },
        "NonPositiveFactorError");
    ExpectRefusal(
        sch, [&] { return partition(l[0], {}); }, "ValueError");
    // k binds C's reduction iterator and C has an init: each partition would reset C.
    ExpectRefusal(
        sch, [&] { return partition(l[2], {Expr(8)}); }, "LoopPartitionInitError");
    // A partition's loop starts where the one before it ended: cutting it again is refused.
    std::vector<LoopRV> parts = *sch.LoopPartition(l[0], {Expr(4)});
    ExpectRefusal(
        sch, [&] { return partition(parts[1], {Expr(2)}); }, "LoopNotStartWithZeroError");
    QVERIFY(sch.Bind((*sch.GetLoops(*sch.GetBlock("C_i0")))[0], "threadIdx.x").ok());
    ExpectRefusal(
        sch, [&] { return partition(parts[0], {Expr(2)}); }, "HasAnnotationOrThreadBindingError");
  }

  // As TVM writes it: the loop and the factors are the inputs (None as "None"),
  // preserve_unit_iters the attribute; the replay of the JSON gives the same function.
  void jsonAsTvmWritesIt() {
    TeProgram program = ChainProgram(30, 20);
    Schedule sch(program.func());
    std::vector<LoopRV> loops = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.LoopPartition(loops[0], {Expr(4), Expr(), Expr(6)}).ok());
    ExpectJsonReplays(sch,
                      "[\"LoopPartition\", [\"l1\", 4, \"None\", 6], [1], "
                      "[\"l3\", \"l4\", \"l5\"]]");
    auto bad = TraceFromJson(
        "[[[\"GetBlock\", [], [\"C\", \"main\"], [\"b0\"]], "
        "[\"GetLoops\", [\"b0\"], [], [\"l1\", \"l2\"]], "
        "[\"LoopPartition\", [\"l1\"], [1], [\"l3\"]]], []]");
    QVERIFY(!bad.ok());
  }
};

}  // namespace tst_tir_loop_partition

QTEST_MAIN(tst_tir_loop_partition::TestTirLoopPartition)
#include "tst_tir_loop_partition.moc"
