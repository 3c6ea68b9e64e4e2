// The differential suite (issue #6): random legal schedules of every workload, each
// evaluated as a script, printed back (a fixed point), lowered, compiled with LLVM, run
// on random inputs and compared with the reference computed without a schedule. Seeds
// are fixed, so a failure here is reproduced by
//   tessera-difftest --workload W --seed S --count 1 --out DIR
#include <QtTest>

#include "DifferentialCase.h"
#include "ScheduleGenerator.h"
#include "Workloads.h"
#include "runtime/IRInterpreter.h"
#include "runtime/KernelArguments.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace tst_differential {

using namespace tessera::difftest;

namespace {

// Cases per workload (seeds kFirstSeed ...).
constexpr int kCasesPerWorkload = 32;
constexpr uint64_t kFirstSeed = 1000;

}  // namespace

class TestDifferential : public QObject {
  Q_OBJECT
 private slots:
  void randomSchedulesMatchTheReference_data() {
    QTest::addColumn<QString>("workload");
    for (const std::string& w : WorkloadNames())
      QTest::newRow(w.c_str()) << QString::fromStdString(w);
  }

  void randomSchedulesMatchTheReference() {
    QFETCH(QString, workload);
    int applied = 0, passed = 0;
    QStringList failures;
    for (int i = 0; i < kCasesPerWorkload; ++i) {
      uint64_t seed = kFirstSeed + static_cast<uint64_t>(i);
      GeneratedCase c = GenerateCase(workload.toStdString(), seed);
      applied += c.applied;
      CaseResult r =
          c.failure ? CaseResult{false, "generate", *c.failure} : RunScript(c.script, c.vars);
      passed += r.passed ? 1 : 0;
      // Lowering may still refuse a schedule the primitives accepted (an Error naming
      // the problem, e.g. a stage computed at a loop that another reader is outside
      // of); that is a late legality check, not a wrong result.
      if (!r.passed && r.stage != "lower")
        failures << QString("seed %1 [%2] %3\n%4")
                        .arg(seed)
                        .arg(QString::fromStdString(r.stage), QString::fromStdString(r.message),
                             QString::fromStdString(c.script));
    }
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    // The generator must actually schedule: most cases apply primitives.
    QVERIFY2(applied >= kCasesPerWorkload,
             qPrintable(QString("only %1 primitives applied").arg(applied)));
    QVERIFY2(passed >= kCasesPerWorkload / 2,
             qPrintable(QString("only %1 cases ran to the end").arg(passed)));
  }

  // The generator is deterministic: the same seed gives the same script.
  void sameSeedSameScript() {
    for (const std::string& w : WorkloadNames())
      QCOMPARE(GenerateCase(w, 7).script, GenerateCase(w, 7).script);
  }

  // The check is not vacuous: one wrong element of an output (here in a padded,
  // transformed layout) is caught by CheckOutputs, and the untouched run passes.
  void checkOutputsNoticesAWrongElement() {
    auto program = tessera::script::EvaluateScript(
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((13,), name=\"A\")\n"
        "B = te.compute((13,), lambda i: A[i] + 1.0, name=\"B\")\n"
        "s = te.create_schedule(B.op)\n"
        "s[B].transform_layout(lambda i: [i // 4, i % 4], pad_value=0.0)\n");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
    std::vector<tessera::te::Tensor> args = program->Arguments();
    auto lowered = tessera::transform::LowerSchedule(*program->schedule, args);
    QVERIFY(lowered.ok());
    auto buffers =
        tessera::runtime::MakeKernelArguments(*program->schedule, args, lowered->func, {}, 1);
    QVERIFY(buffers.ok());
    QCOMPARE((*buffers)[1].shape(), (std::vector<int64_t>{4, 4}));  // physical
    QVERIFY(tessera::runtime::Interpret(lowered->func, *buffers).ok());
    auto good = CheckOutputs(*program->schedule, args, *buffers, {});
    QVERIFY(good.ok());
    QVERIFY(good->size() == 1 && (*good)[0].result.ok());
    (*buffers)[1].SetDouble(5, (*buffers)[1].GetDouble(5) + 0.5);  // logical element 5
    auto bad = CheckOutputs(*program->schedule, args, *buffers, {});
    QVERIFY(bad.ok());
    QCOMPARE((*bad)[0].result.mismatches, int64_t{1});
  }

  void unknownWorkloadIsAFailureNotACrash() {
    GeneratedCase c = GenerateCase("no_such_workload", 1);
    QVERIFY(c.failure.has_value());
  }

  void badScriptIsReportedAtEvaluate() {
    CaseResult r =
        RunScript("import tvm\nfrom tvm import te\nA = te.placeholder((4,), name=\"A\"\nx", {});
    QVERIFY(!r.passed);
    QCOMPARE(QString::fromStdString(r.stage), QString("evaluate"));
  }
};

}  // namespace tst_differential

QTEST_APPLESS_MAIN(tst_differential::TestDifferential)
#include "tst_differential.moc"
