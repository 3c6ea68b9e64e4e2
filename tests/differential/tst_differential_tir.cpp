// The TensorIR differential suite: random tir.Schedule primitives on the differential
// workloads (through te.create_prim_func), lowered with LowerTensorIR, run and compared
// with the te oracle; a refused primitive must leave the function as it was. Seeds are
// fixed; a failure is reproduced by `tessera-difftest --tir --workload W --seed S
// --count 1`.
#include <QtTest>

#include "TirCase.h"
#include "Workloads.h"

namespace tst_differential_tir {

using namespace tessera::difftest;

namespace {

constexpr int kCasesPerWorkload = 4;
constexpr uint64_t kFirstSeed = 2000;

}  // namespace

class TestDifferentialTir : public QObject {
  Q_OBJECT
 private slots:
  void randomTirSchedulesMatchTheReference() {
    int run = 0, supported = 0, applied = 0, refused = 0;
    QStringList failures;
    for (const std::string& w : WorkloadNames()) {
      for (int i = 0; i < kCasesPerWorkload; ++i) {
        TirCaseResult r = RunTirCase(w, kFirstSeed + static_cast<uint64_t>(i));
        ++run;
        if (!r.supported) continue;
        ++supported;
        applied += r.applied;
        refused += r.refused;
        if (!r.passed) failures << QString::fromStdString(TirReproducerText(r));
      }
    }
    qInfo(
        "%d cases, %d on workloads create_prim_func takes, %d primitives applied, %d refused, "
        "%d failed",
        run, supported, applied, refused, static_cast<int>(failures.size()));
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    // Most workloads become PrimFuncs and the generator does schedule them.
    QVERIFY2(supported >= run / 2, qPrintable(QString("only %1 cases ran").arg(supported)));
    QVERIFY2(applied >= supported, qPrintable(QString("only %1 primitives applied").arg(applied)));
  }

  // The same seed gives the same schedule.
  void sameSeedSameTrace() {
    TirCaseResult a = RunTirCase("gemm", 5), b = RunTirCase("gemm", 5);
    QCOMPARE(QString::fromStdString(a.trace), QString::fromStdString(b.trace));
    QVERIFY(!a.trace.empty());
  }

  void unknownWorkloadIsAFailure() {
    TirCaseResult r = RunTirCase("no_such_workload", 1);
    QVERIFY(!r.passed);
    QCOMPARE(QString::fromStdString(r.stage), QString("workload"));
  }
};

}  // namespace tst_differential_tir

QTEST_APPLESS_MAIN(tst_differential_tir::TestDifferentialTir)
#include "tst_differential_tir.moc"
