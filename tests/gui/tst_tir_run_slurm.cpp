// Run and Profile of a TensorIR document on a Slurm node (the single-node Slurm of
// scripts/slurm-up.sh; skipped with the reason when it is not up): the node evaluates the
// document's text, checks the kernel against the unscheduled function and times it as
// a local Run and Profile do; the result names the node, goes into the run log and the
// Profile chart, and a second Profile times the first version in the same rounds.
#include <unistd.h>

#include <QSignalSpy>
#include <QtTest>

#include "MainWindow.h"
#include "RunController.h"
#include "TirRunFixture.h"
#include "codegen/LLVMBackend.h"
#include "runner/SlurmRunner.h"
#include "views/ParameterDialog.h"

namespace tst_tir_run_slurm {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::testing::kTirRunGemm;
using tessera::testing::kTirRunGemmFlops;

namespace {

std::string Worker() {
#ifdef TESSERA_CLI_PATH
  if (access(TESSERA_CLI_PATH, X_OK) == 0) return TESSERA_CLI_PATH;
#endif
  return "";
}

}  // namespace

class TestTirRunSlurm : public QObject, protected testing::TirRunWindow {
  Q_OBJECT

 private slots:
  void initTestCase() { PrepareSuite(); }

  void init() {
    std::string missing;
    if (!runner::SlurmAvailable(&missing))
      QSKIP(qPrintable(QString::fromStdString("Slurm is not up here (" + missing +
                                              "); run scripts/slurm-up.sh as root")));
    if (!codegen::LLVMAvailable() || Worker().empty())
      QSKIP("needs the LLVM backend and the build's tessera-cli");
    QVERIFY(OpenWindow(kTirRunGemm, "gemm_tir_slurm.py"));
    QVERIFY(w->document()->state().function);
    w->runner()->setWorker(Worker());
    project::TargetSettings target = w->document()->targetSettings();
    target.runner.kind = "slurm";
    target.runner.partition = "";
    target.runner.gres = "";
    target.runner.time_limit = "5";
    target.runner.account = "";
    target.runner.extra = "";
    w->document()->setTargetSettings(target);
  }

  void cleanup() { CloseWindow(); }

  void runChecksOnTheNodeAgainstTheUnscheduledFunction() {
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    QStringList steps;
    connect(w->runner(), &gui::RunController::progress, this,
            [&](int, const QString& step) { steps << step; });
    QVERIFY(w->startRun(false));
    QVERIFY(finished.wait(180000));
    QVERIFY2(w->lastMessage().contains("matches the reference"), qPrintable(w->lastMessage()));
    QVERIFY2(steps.join(",").contains("slurm job"), qPrintable(steps.join(",")));
    const auto& runs = w->document()->state().history.runs();
    QCOMPARE(runs.size(), size_t(1));
    const views::RunRecord& run = runs.front();
    QVERIFY2(run.ok, run.message.c_str());
    QVERIFY2(run.target.find("(slurm)") != std::string::npos, run.target.c_str());
    QVERIFY(run.checked && run.matches);
    QCOMPARE(run.version, 1);
  }

  void profileTimesOnTheNodeAndComparesWithTheFirstVersion() {
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    QVERIFY(w->startRun(true));
    QVERIFY(finished.wait(180000));
    const auto& profiles = w->document()->state().profiles;
    QCOMPARE(profiles.size(), size_t(1));
    QVERIFY2(profiles[0].seconds > 0, qPrintable(w->lastMessage()));
    // The node counts the unscheduled function's FLOPs, as a local Profile does.
    QVERIFY(qAbs(profiles[0].gflops * 1e9 * profiles[0].seconds - kTirRunGemmFlops) <
            1e-6 * kTirRunGemmFlops);
    QVERIFY(!profiles[0].calls.times_ms.empty());
    w->document()->editScript(w->document()->text() + "sch.parallel(io)\n");
    QVERIFY(w->document()->state().function);
    QVERIFY(w->startRun(true));
    QVERIFY(finished.wait(180000));
    QCOMPARE(profiles.size(), size_t(2));
    QCOMPARE(profiles[1].calls.baseline_version, profiles[0].version);
    QVERIFY(!profiles[1].calls.times_ms.empty());
    QCOMPARE(profiles[1].calls.baseline_times_ms.size(), profiles[1].calls.times_ms.size());
  }
};

}  // namespace tst_tir_run_slurm

QTEST_MAIN(tst_tir_run_slurm::TestTirRunSlurm)
#include "tst_tir_run_slurm.moc"
