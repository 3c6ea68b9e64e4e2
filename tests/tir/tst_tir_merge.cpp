// merge: nests of equal extents become one nest that runs each body in turn, and the
// result computes what the te oracle computes; each refusal carries TVM's error kind and
// leaves the function and the trace as they were; the instruction survives the trace's
// JSON round trip (in TVM's layout) and replay.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTextChecks.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"
#include "tir/TraceJson.h"

namespace tst_tir_merge {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

Status MergeStatus(Schedule& sch, const std::vector<LoopRV>& loops) {
  auto r = sch.Merge(loops);
  return r.ok() ? Status::Ok() : Status(r.error());
}

}  // namespace

class TestTirMerge : public QObject {
  Q_OBJECT

 private slots:
  // B = A * 2 then C = B + 1, both 30x20: merged at the outer loop and then the inner,
  // each row (element) of B is computed just before C reads it.
  void mergedChainComputesTheSame() {
    TeProgram chain = ChainProgram();
    Schedule sch(chain.func());
    std::vector<LoopRV> b = *sch.GetLoops(*sch.GetBlock("B"));
    std::vector<LoopRV> c = *sch.GetLoops(*sch.GetBlock("C"));
    auto i = sch.Merge({b[0], c[0]});
    QVERIFY2(i.ok(), i.ok() ? "" : i.error().message.c_str());
    const std::string printed = AsTVMScript(sch.func());
    QVERIFY2(Q(printed).contains("for i_m in range(30):"), printed.c_str());
    QCOMPARE(Q(printed).count("for j in range(20):"), 2);
    QCOMPARE(Q(printed).count("range(30)"), 1);
    // The merged loop is the one returned; both blocks are below it.
    QCOMPARE(Q((*sch.Get(*i))->loop_var.name()), QString("i_m"));
    for (const char* block : {"B", "C"})
      QCOMPARE(Q((*sch.Get(sch.GetLoops(*sch.GetBlock(block))->front()))->loop_var.name()),
               QString("i_m"));
    Status s = LowerRunAndCompare(chain, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());

    // A second level: the inner loops under the merged one.
    b = *sch.GetLoops(*sch.GetBlock("B"));
    c = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.Merge({b[1], c[1]}).ok());
    QVERIFY2(Q(AsTVMScript(sch.func())).contains("for i_m, j_m in T.grid(30, 20):"),
             AsTVMScript(sch.func()).c_str());
    QCOMPARE(QString::fromStdString(TraceAsPython(sch.trace()))
                 .count(QRegularExpression("l\\d+ = sch\\.merge\\(l\\d+, l\\d+\\)")),
             2);
    s = LowerRunAndCompare(chain, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());

    auto back = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    Schedule replayed(chain.func());
    QVERIFY(ApplyTrace(*back, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }

  // As TVM writes it: the loops are the inputs, no attributes.
  void jsonAsTvmWritesIt() {
    Schedule sch(ChainProgram().func());
    std::vector<LoopRV> b = *sch.GetLoops(*sch.GetBlock("B"));
    std::vector<LoopRV> c = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.Merge({b[0], c[0]}).ok());
    QVERIFY2(Q(TraceToJson(sch.trace())).contains("[\"Merge\", [\"l1\", \"l4\"], [], [\"l6\"]]"),
             TraceToJson(sch.trace()).c_str());
  }

  void refusals() {
    TeProgram chain = ChainProgram();
    Schedule sch(chain.func());
    std::vector<LoopRV> b = *sch.GetLoops(*sch.GetBlock("B"));
    std::vector<LoopRV> c = *sch.GetLoops(*sch.GetBlock("C"));
    ExpectRefusal(
        sch, [&] { return MergeStatus(sch, {b[0]}); }, "ValueError");
    ExpectRefusal(
        sch,
        [&] {
          return MergeStatus(sch, {b[0], b[0]});
        },
        "ValueError");
    // Not at the same depth below the common ancestor (the root).
    ExpectRefusal(
        sch,
        [&] {
          return MergeStatus(sch, {b[0], c[1]});
        },
        "ScheduleError");
    // A loop and a loop inside it.
    ExpectRefusal(
        sch,
        [&] {
          return MergeStatus(sch, {b[0], b[1]});
        },
        "ScheduleError");
    // Extents differ: split C's outer loop.
    std::vector<LoopRV> parts = *sch.Split(c[0], {Expr(), Expr(6)});
    ExpectRefusal(
        sch,
        [&] {
          return MergeStatus(sch, {b[0], parts[0]});
        },
        "ScheduleError");
    Status s = MergeStatus(sch, {b[0], parts[0]});
    QVERIFY2(Q(s.error().message).contains("runs 30 times"), s.error().message.c_str());
    // An annotated loop.
    QVERIFY(sch.Parallel(b[0]).ok());
    QVERIFY(sch.Annotate(b[1], "pragma_x", Expr(1)).ok());
    std::vector<LoopRV> c2 = *sch.GetLoops(*sch.GetBlock("C"));
    ExpectRefusal(
        sch,
        [&] {
          return MergeStatus(sch, {b[1], c2[1]});
        },
        "HasAnnotationOrThreadBindingError");
  }

  // Nests that are siblings under one loop (B computed at C's outer loop).
  void mergesSiblingNestsUnderALoop() {
    TeProgram chain = ChainProgram();
    Schedule sch(chain.func());
    std::vector<LoopRV> b = *sch.GetLoops(*sch.GetBlock("B"));
    std::vector<LoopRV> c = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), c[0], false).ok());
    // Now C's i holds B's j and C's j.
    b = *sch.GetLoops(*sch.GetBlock("B"));
    c = *sch.GetLoops(*sch.GetBlock("C"));
    auto r = sch.Merge({b[1], c[1]});
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    // compute_at named B's loop ax0; the merged loop takes the first nest's name.
    QCOMPARE(Q((*sch.Get(*r))->loop_var.name()), QString("ax0_m"));
    Status s = LowerRunAndCompare(chain, sch.func());
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
  }
};

}  // namespace tst_tir_merge

QTEST_APPLESS_MAIN(tst_tir_merge::TestTirMerge)
#include "tst_tir_merge.moc"
