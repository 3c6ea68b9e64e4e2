// The Runner setting (issue #14): Run ▸ Runner… chooses this machine or a Slurm cluster
// with its options; the choice is saved in the project; Run and Profile then submit a
// Slurm job, show its state (queued, running, finished) in the status bar, put the node's
// result in the run log, and Cancel cancels the job. A missing Slurm is a failed run with
// the reason within seconds, never a hang. The Slurm runs skip when Slurm is not up
// (scripts/slurm-up.sh).
#include <unistd.h>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QScopeGuard>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>
#include <cstdlib>

#include "MainWindow.h"
#include "RunnerSettingsDialog.h"
#include "ScopedEnv.h"
#include "codegen/LLVMBackend.h"
#include "runner/SlurmRunner.h"
#include "runner/Subprocess.h"
#include "views/ParameterDialog.h"

namespace tst_runner_settings {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::gui::RunnerSettingsDialog;

namespace {

project::RunnerSettings SlurmSettings() {
  project::RunnerSettings s;
  s.kind = "slurm";
  s.partition = "debug";
  s.gres = "";
  s.time_limit = "5";
  s.account = "";
  s.extra = "--nice=0";
  return s;
}

using tessera::testing::ScopedEnv;

std::string Worker() {
#ifdef TESSERA_CLI_PATH
  if (access(TESSERA_CLI_PATH, X_OK) == 0) return TESSERA_CLI_PATH;
#endif
  return "";
}

}  // namespace

class TestRunnerSettings : public QObject {
  Q_OBJECT

  std::string slurm_missing_;

  bool SlurmRunsHere() {
    if (!slurm_missing_.empty()) {
      QTest::qSkip(
          qPrintable(QString::fromStdString("Slurm is not up here (" + slurm_missing_ + ")")),
          __FILE__, __LINE__);
      return false;
    }
    if (!codegen::LLVMAvailable() || Worker().empty()) {
      QTest::qSkip("needs the LLVM backend and the build's tessera-cli", __FILE__, __LINE__);
      return false;
    }
    return true;
  }

  // A window on the GEMM example whose runs go through Slurm.
  std::unique_ptr<MainWindow> SlurmWindow() {
    auto w = std::make_unique<MainWindow>();
    w->setInteractive(false);
    // A small GEMM: the node builds, checks against the oracle and times it in seconds.
    w->document()->reset(
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((128, 128), name=\"A\", dtype=\"float32\")\n"
        "B = te.placeholder((128, 128), name=\"B\", dtype=\"float32\")\n"
        "k = te.reduce_axis((0, 128), name=\"k\")\n"
        "C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
        "s = te.create_schedule(C.op)\n"
        "io, ii = s[C].split(C.op.axis[0], factor=16)\n",
        "small_gemm.py");
    w->runner()->setWorker(Worker());
    project::TargetSettings target = w->document()->targetSettings();
    target.runner = SlurmSettings();
    w->document()->setTargetSettings(target);
    return w;
  }

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_runner_settings");
    QSettings().clear();
    views::SetParameterAsker(views::AcceptDefaults());
    if (!runner::SlurmAvailable(&slurm_missing_) && slurm_missing_.empty())
      slurm_missing_ = "unknown";
  }

  void theDialogShowsAndReturnsTheSettings() {
    project::RunnerSettings s = SlurmSettings();
    s.gres = "gpu:1";
    s.account = "kernels";
    s.workdir = "/shared/runs";
    RunnerSettingsDialog d(s);
    QCOMPARE(d.findChild<QComboBox*>("runnerKind")->currentData().toString(), QString("slurm"));
    QCOMPARE(d.findChild<QLineEdit*>("runnerGres")->text(), QString("gpu:1"));
    QVERIFY(d.findChild<QLineEdit*>("runnerPartition")->isEnabled());
    QVERIFY(d.settings() == s);
    // Local: the Slurm fields are off, the values stay.
    d.findChild<QComboBox*>("runnerKind")->setCurrentIndex(0);
    QVERIFY(!d.findChild<QLineEdit*>("runnerPartition")->isEnabled());
    QCOMPARE(d.settings().kind, std::string("local"));
    QCOMPARE(d.settings().partition, std::string("debug"));
  }

  void badValuesAreRefusedWithTheReason_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("reason");
    QTest::newRow("time") << "runnerTime"
                          << "ten minutes"
                          << "time limit";
    QTest::newRow("partition") << "runnerPartition"
                               << "gpu a100"
                               << "partition cannot contain spaces";
    QTest::newRow("relative folder") << "runnerWorkdir"
                                     << "runs/here"
                                     << "absolute path";
  }
  void badValuesAreRefusedWithTheReason() {
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, reason);
    RunnerSettingsDialog d(SlurmSettings());
    d.findChild<QLineEdit*>(field)->setText(value);
    d.accept();
    QCOMPARE(d.result(), int(QDialog::Rejected));  // still open
    QLabel* error = d.findChild<QLabel*>("runnerError");
    QVERIFY2(error->text().contains(reason, Qt::CaseInsensitive), qPrintable(error->text()));
    // Good values are taken.
    for (const char* time : {"5", "1:30:00", "2-00:00", "UNLIMITED"}) {
      project::RunnerSettings s = SlurmSettings();
      s.time_limit = time;
      QVERIFY2(RunnerSettingsDialog::validate(s).isEmpty(), time);
    }
  }

  void theCheckButtonSaysWhetherSlurmAnswers() {
    RunnerSettingsDialog d(SlurmSettings());
    QSignalSpy checked(&d, &RunnerSettingsDialog::checked);
    {
      ScopedEnv path("PATH", "/nonexistent");  // no sbatch: the answer comes at once
      d.checkSlurm();
      QVERIFY(checked.wait(20000));
    }
    QVERIFY2(d.checkResult().contains("not available") && d.checkResult().contains("sbatch"),
             qPrintable(d.checkResult()));
  }

  void theSettingIsSavedInTheProject() {
    QTemporaryDir dir;
    const QString path = dir.filePath("gemm.tessera");
    project::RunnerSettings s = SlurmSettings();
    s.workdir = dir.path().toStdString() + "/runs";
    {
      MainWindow w;
      w.setInteractive(false);
      w.openStartupFile(QString());
      project::TargetSettings target = w.document()->targetSettings();
      target.runner = s;
      w.document()->setTargetSettings(target);
      QVERIFY(w.saveAs(path));
    }
    MainWindow again;
    again.setInteractive(false);
    QVERIFY2(again.openFile(path).ok(), qPrintable(again.lastMessage()));
    QVERIFY(again.document()->targetSettings().runner == s);
    QVERIFY(again.action("actionRunnerSettings"));
  }

  // The run fails at the availability check, before anything is submitted or waited
  // for; the message says why. (No time limit is asserted: a loaded machine must not
  // fail the test. The wait's limit only keeps a broken build from hanging the suite.)
  void aMissingSlurmFailsTheRunAtOnceWithTheReason() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    auto w = SlurmWindow();
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    {
      ScopedEnv path("PATH", "/nonexistent");
      QVERIFY(w->startRun(false));
      QVERIFY(finished.wait(300000));
    }
    QVERIFY2(w->lastMessage().contains("not available") &&
                 w->lastMessage().contains("Slurm is not installed"),
             qPrintable(w->lastMessage()));
    QVERIFY(w->action("actionRunCpu")->isEnabled());
  }

  void runAndProfileGoThroughSlurm() {
    if (!SlurmRunsHere()) return;
    auto w = SlurmWindow();
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    QStringList steps;
    connect(w->runner(), &gui::RunController::progress, this,
            [&](int, const QString& step) { steps << step; });
    QVERIFY(w->startRun(false));
    QVERIFY(w->action("actionCancel")->isEnabled());
    QVERIFY(finished.wait(120000));
    QVERIFY2(w->lastMessage().contains("matches the reference"), qPrintable(w->lastMessage()));
    QVERIFY2(steps.join(",").contains("slurm job"), qPrintable(steps.join(",")));
    const auto& runs = w->document()->state().history.runs();
    QVERIFY(!runs.empty());
    QVERIFY2(runs.back().target.find("(slurm)") != std::string::npos, runs.back().target.c_str());
    QVERIFY(runs.back().checked && runs.back().matches);
    QVERIFY(w->startRun(true));
    QVERIFY(finished.wait(120000));
    QCOMPARE(int(w->document()->state().profiles.size()), 1);
    QVERIFY(w->document()->state().profiles[0].gflops > 0);
    QVERIFY(!w->document()->state().profiles[0].calls.times_ms.empty());
    // Another version, profiled on the node: the first profiled one is timed there in the
    // same interleaved rounds, as a local Profile does.
    w->selection()->selectIterVar("C", "i.outer");
    w->action("action_parallel")->trigger();
    QVERIFY(w->startRun(true));
    QVERIFY(finished.wait(120000));
    const auto& profiles = w->document()->state().profiles;
    QCOMPARE(int(profiles.size()), 2);
    QCOMPARE(profiles[1].calls.baseline_version, profiles[0].version);
    QVERIFY(!profiles[1].calls.times_ms.empty());
    QCOMPARE(profiles[1].calls.baseline_times_ms.size(), profiles[1].calls.times_ms.size());
  }

  void cancelCancelsTheSlurmJob() {
    if (!SlurmRunsHere()) return;
    // Both CPUs of the node held by other jobs: the run's job waits in the queue.
    std::vector<std::string> blockers;
    for (int i = 0; i < 2; ++i) {
      runner::CommandOutput o =
          runner::RunCommand({"sbatch", "--parsable", "--job-name=tst-blocker",
                              "--output=/dev/null", "--wrap", "sleep 120"},
                             20);
      QVERIFY2(o.exit_code == 0, o.output.c_str());
      blockers.push_back(
          QString::fromStdString(o.output).trimmed().section(';', 0, 0).toStdString());
    }
    auto cleanup = qScopeGuard([&] {
      std::vector<std::string> cmd = {"scancel"};
      cmd.insert(cmd.end(), blockers.begin(), blockers.end());
      (void)runner::RunCommand(cmd, 20);
    });
    auto w = SlurmWindow();
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    bool queued = false;
    connect(w->runner(), &gui::RunController::progress, this, [&](int, const QString& step) {
      if (!queued && step.contains("queued")) {
        queued = true;
        w->action("actionCancel")->trigger();
      }
    });
    QVERIFY(w->startRun(false));
    QVERIFY(finished.wait(60000));
    QVERIFY(queued);
    QCOMPARE(w->lastMessage(), QString("Cancelled."));
    // No job of the run is left in the queue: only the blockers.
    bool gone = false;
    for (int i = 0; i < 50 && !gone; ++i) {
      runner::CommandOutput q = runner::RunCommand({"squeue", "-h", "--me", "-o", "%j"}, 10);
      gone = q.output.find("tessera-measure") == std::string::npos;
      if (!gone) QTest::qWait(100);
    }
    QVERIFY2(gone, "the run's Slurm job is still queued");
  }
};

}  // namespace tst_runner_settings

QTEST_MAIN(tst_runner_settings::TestRunnerSettings)
#include "tst_runner_settings.moc"
