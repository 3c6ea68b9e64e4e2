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
#include "codegen/LLVMBackend.h"
#include "runner/SlurmRunner.h"
#include "views/ParameterDialog.h"

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

const char* kGemm =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 48), \"float32\", name=\"A\")\n"
    "B = te.placeholder((48, 64), \"float32\", name=\"B\")\n"
    "k = te.reduce_axis((0, 48), name=\"k\")\n"
    "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
    "c = sch.get_block(\"C\")\n"
    "i, j, k = sch.get_loops(c)\n"
    "io, ii = sch.split(i, factors=[None, 16])\n"
    "sch.reorder(io, k, ii, j)\n";

constexpr double kGemmFlops = 2.0 * 64 * 64 * 48;

std::string Worker() {
#ifdef TESSERA_CLI_PATH
  if (access(TESSERA_CLI_PATH, X_OK) == 0) return TESSERA_CLI_PATH;
#endif
  return "";
}

}  // namespace

class TestTirRunSlurm : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    views::SetParameterAsker(views::AcceptDefaults());
  }

  void init() {
    std::string missing;
    if (!runner::SlurmAvailable(&missing))
      QSKIP(qPrintable(QString::fromStdString("Slurm is not up here (" + missing +
                                              "); run scripts/slurm-up.sh as root")));
    if (!codegen::LLVMAvailable() || Worker().empty())
      QSKIP("needs the LLVM backend and the build's tessera-cli");
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
    w->document()->reset(kGemm, "gemm_tir_slurm.py");
    QVERIFY(w->document()->state().tir_schedule && w->document()->state().function);
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

  void cleanup() {
    if (!w) return;
    w->runner()->cancel();
    w->runner()->waitForFinished();
    w.reset();
  }

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
    QVERIFY(qAbs(profiles[0].gflops * 1e9 * profiles[0].seconds - kGemmFlops) < 1e-6 * kGemmFlops);
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

QTEST_MAIN(TestTirRunSlurm)
#include "tst_tir_run_slurm.moc"
