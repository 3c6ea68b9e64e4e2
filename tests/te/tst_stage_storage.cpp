// set_scope and set_store_predicate (issue #18): the scope reaches the realize and the
// allocation, the predicate guards the stores (and only them), both replay from the
// trace and print back to a script that lowers the same, and illegal uses are refused
// with located messages.
#include <QtTest>

#include "TeTestSupport.h"
#include "schedule/Replay.h"
#include "script/export/ScriptPrinter.h"

namespace tst_stage_storage {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

// A producer B read by C; `schedule` is appended.
std::string TwoStages(const std::string& schedule) {
  return std::string(kHeader) +
         "A = te.placeholder((12, 16), name=\"A\")\n"
         "B = te.compute((12, 16), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
         "C = te.compute((12, 16), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
         "s = te.create_schedule(C.op)\n" +
         schedule;
}

// A row sum, its output B; `schedule` is appended.
std::string RowSum(const std::string& schedule) {
  return std::string(kHeader) +
         "A = te.placeholder((10, 24), name=\"A\")\n"
         "k = te.reduce_axis((0, 24), name=\"k\")\n"
         "B = te.compute((10,), lambda i: te.sum(A[i, k], axis=k), name=\"B\")\n"
         "s = te.create_schedule(B.op)\n" +
         schedule;
}

// Runs the program's kernel with the IR interpreter on its arguments; the output array.
Result<runtime::NDArray> InterpretOutput(const script::ScriptProgram& p) {
  auto lowered = transform::LowerSchedule(*p.schedule, p.Arguments(), "llvm");
  if (!lowered) return lowered.error();
  auto buffers = runtime::MakeKernelArguments(*p.schedule, p.Arguments(), lowered->func, {}, 3);
  if (!buffers) return buffers.error();
  if (Status s = runtime::Interpret(lowered->func, *buffers, {}); !s) return s.error();
  return buffers->back();
}

// The printed script (both dialects) evaluates to a schedule that lowers the same, and
// the trace replays to a schedule that lowers the same.
void CheckRoundTrip(const script::ScriptProgram& p) {
  auto before = LoweredText(p);
  TE_VERIFY_OK(before);
  for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
    std::string printed = script::PrintScript(p, dialect);
    auto again = script::EvaluateScript(printed, "printed.py");
    QVERIFY2(again.ok(), (again.ok() ? printed : again.error().format() + "\n" + printed).c_str());
    auto after = LoweredText(*again);
    TE_VERIFY_OK(after);
    QCOMPARE(QString::fromStdString(*after), QString::fromStdString(*before));
  }
  auto replayed = schedule::Replay(p.schedule->trace, p.schedule->outputs);
  TE_VERIFY_OK(replayed);
  auto lowered = transform::LowerSchedule(*replayed, p.Arguments(), "llvm");
  TE_VERIFY_OK(lowered);
  QCOMPARE(QString::fromStdString(ir::to_string(lowered->func.body)),
           QString::fromStdString(*before));
}

}  // namespace

class TestStageStorage : public QObject {
  Q_OBJECT

 private slots:
  void setScopeReachesTheAllocation_data() {
    QTest::addColumn<QString>("scope");
    QTest::newRow("local") << "local";
    QTest::newRow("shared") << "shared";
    QTest::newRow("global") << "global";
  }
  void setScopeReachesTheAllocation() {
    QFETCH(QString, scope);
    auto p = script::EvaluateScript(TwoStages("s[B].set_scope(\"" + scope.toStdString() +
                                              "\")\n"
                                              "s[B].compute_at(s[C], C.op.axis[0])\n"),
                                    "scope.py");
    TE_VERIFY_OK(p);
    QCOMPARE(QString::fromStdString(p->schedule->find("B")->scope),
             scope == "global" ? QString() : scope);
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm");
    TE_VERIFY_OK(lowered);
    const transform::PassRecord* input = lowered->After("Input");
    QVERIFY(input);
    std::string expected = scope == "global" ? "realize_scope = \"\""
                                             : "realize_scope = \"" + scope.toStdString() + "\"";
    QVERIFY2(Contains(input->ir, expected), input->ir.c_str());
    TE_VERIFY_OK(RunAndCheck(*p));
    CheckRoundTrip(*p);
  }

  void setScopeIllegalUses_data() {
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown scope")
        << "s[B].set_scope(\"sharde\")\n"
        << "t.py:7:6: error: set_scope: unknown storage scope 'sharde' (use global, shared";
    QTest::newRow("an output") << "s[C].set_scope(\"shared\")\n"
                               << "t.py:7:6: error: set_scope: C is an output of the schedule";
    QTest::newRow("a placeholder") << "s[A].set_scope(\"local\")\n"
                                   << "t.py:7:6: error: set_scope: A is a placeholder";
    QTest::newRow("not a string") << "s[B].set_scope(3)\n"
                                  << "t.py:7:16: error: set_scope(): argument 'scope' must be";
  }
  void setScopeIllegalUses() {
    QFETCH(QString, schedule);
    QFETCH(QString, message);
    std::string error = ScriptError(TwoStages(schedule.toStdString()));
    QVERIFY2(Contains(error, message.toStdString()), error.c_str());
  }

  // Only rows i < 5 are stored; the others keep what the output held (zero).
  void storePredicateGuardsTheStores() {
    auto p = script::EvaluateScript(TwoStages("s[C].set_store_predicate(C.op.axis[0] < 5)\n"),
                                    "pred.py");
    TE_VERIFY_OK(p);
    auto out = InterpretOutput(*p);
    TE_VERIFY_OK(out);
    auto full = script::EvaluateScript(TwoStages(""), "full.py");
    TE_VERIFY_OK(full);
    auto expected = InterpretOutput(*full);
    TE_VERIFY_OK(expected);
    for (int i = 0; i < 12; ++i)
      for (int j = 0; j < 16; ++j) {
        double got = out->GetDouble(i * 16 + j);
        QCOMPARE(got, i < 5 ? expected->GetDouble(i * 16 + j) : 0.0);
      }
    // Without the predicate every row is stored; with it the check against the oracle
    // finds the unstored rows.
    QVERIFY(!RunAndCheck(*p).ok());
    TE_VERIFY_OK(RunAndCheck(*full));
    CheckRoundTrip(*p);
  }

  // A predicate over split loops and the reduction's update: the init still runs, the
  // update is guarded (TVM adds the predicate to the main predicates only).
  void storePredicateOnSplitLoopsOfAReduction() {
    auto p = script::EvaluateScript(
        RowSum("io, ii = s[B].split(B.op.axis[0], factor=4)\n"
               "s[B].set_store_predicate(tvm.tir.all(ii < 3, io * 4 + ii < 9))\n"),
        "pred.py");
    TE_VERIFY_OK(p);
    auto out = InterpretOutput(*p);
    TE_VERIFY_OK(out);
    auto full = script::EvaluateScript(RowSum(""), "full.py");
    TE_VERIFY_OK(full);
    auto expected = InterpretOutput(*full);
    TE_VERIFY_OK(expected);
    for (int i = 0; i < 10; ++i) {
      bool stored = i % 4 < 3 && i < 9;
      // The init (0) is stored everywhere; the sum only where the predicate holds.
      QCOMPARE(out->GetDouble(i), stored ? expected->GetDouble(i) : 0.0);
    }
    CheckRoundTrip(*p);
  }

  // The reduction tutorial's cross-thread reduction: one thread stores the row
  // (tx.var == 0; the tutorial writes tx.var.equal(0)).
  void storePredicateWithABoundThread() {
    auto p =
        script::EvaluateScript(RowSum("ko, ki = s[B].split(k, factor=8)\n"
                                      "tx = te.thread_axis(\"threadIdx.x\")\n"
                                      "s[B].bind(ki, tx)\n"
                                      "s[B].bind(B.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
                                      "s[B].set_store_predicate(tx.var == 0)\n"),
                               "pred.py");
    TE_VERIFY_OK(p);
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "cuda");
    TE_VERIFY_OK(lowered);
    std::string text = ir::to_string(lowered->func.body);
    QVERIFY2(Contains(text, "threadIdx.x == 0"), text.c_str());
    CheckRoundTrip(*p);
  }

  void storePredicateIllegalUses_data() {
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QString>("message");
    QTest::newRow("not boolean") << "s[C].set_store_predicate(C.op.axis[0] + 1)\n"
                                 << "t.py:7:26: error: set_store_predicate(): predicate";
    QTest::newRow("another stage's var")
        << "s[C].set_store_predicate(B.op.axis[0] < 3)\n"
        << "t.py:7:6: error: set_store_predicate: the predicate reads 'i', which is neither an "
           "iter var of C";
    QTest::newRow("an unbound thread")
        << "s[C].set_store_predicate(te.thread_axis(\"threadIdx.x\").var == 0)\n"
        << "t.py:7:6: error: set_store_predicate: threadIdx.x is not bound to a loop of C";
    QTest::newRow("a placeholder") << "s[A].set_store_predicate(A.op.axis[0] < 3)\n"
                                   << "error";
  }
  void storePredicateIllegalUses() {
    QFETCH(QString, schedule);
    QFETCH(QString, message);
    std::string error = ScriptError(TwoStages(schedule.toStdString()));
    QVERIFY2(!error.empty() && Contains(error, message.toStdString()), error.c_str());
  }
};

}  // namespace tst_stage_storage

QTEST_APPLESS_MAIN(tst_stage_storage::TestStageStorage)
#include "tst_stage_storage.moc"
