// The Tune dock tunes a TensorIR document through Slurm: with the document's Runner set
// to the single-node Slurm of scripts/slurm-up.sh (skipped with the reason when it is not
// up), the session's candidates, the check of its best and the comparison with the
// document's own schedule are measured by Slurm job arrays, with the search's trials on
// the chart and the records keyed by the node's machine.
#include <QDir>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "Document.h"
#include "MainWindow.h"
#include "TuneController.h"
#include "TuneDockFixture.h"
#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "runner/SlurmRunner.h"
#include "views/TuneView.h"

namespace tst_tir_tune_dock_slurm {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::gui::TuneController;
using tessera::views::TuneRunState;

using testing::MessagesContain;

namespace {

constexpr const char* kSmallGemm = R"(import tvm
from tvm import te, tir
A = te.placeholder((16, 16), "float32", name="A")
B = te.placeholder((16, 16), "float32", name="B")
k = te.reduce_axis((0, 16), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
)";

}  // namespace

class TestTirTuneDockSlurm : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void aTensorIRSessionTunesThroughSlurm() {
    std::string missing;
    if (!runner::SlurmAvailable(&missing))
      QSKIP(qPrintable(QString::fromStdString("Slurm is not up here (" + missing +
                                              "); run scripts/slurm-up.sh as root")));
    std::string worker;
#ifdef TESSERA_CLI_PATH
    worker = TESSERA_CLI_PATH;
#endif
    if (!codegen::LLVMAvailable() || worker.empty())
      QSKIP("needs the LLVM backend and the build's tessera-cli");
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    w.document()->reset(kSmallGemm, "gemm16_tir.py");
    QVERIFY(w.document()->state().tir_schedule);
    auto* tune = w.findChild<TuneController*>();
    auto* view = w.findChild<views::TuneView*>();
    QVERIFY(tune && view);
    tune->setDatabasePath(dir.filePath("records.db"));
    runner::RunnerOptions local;
    local.kind = "local";
    local.worker_path = worker;
    tune->setRunnerOptions(local);  // the worker; the document's setting picks Slurm
    gui::TuneSettings s;
    s.batch_size = 2;
    s.repeat = 1;
    s.timeout_s = 120;
    tune->setDefaults(s);
    project::TargetSettings target = w.document()->targetSettings();
    target.runner.kind = "slurm";
    target.runner.partition = "";
    target.runner.time_limit = "";
    target.runner.workdir = dir.filePath("runs").toStdString();
    w.document()->setTargetSettings(target);

    QSignalSpy ended(tune, &TuneController::sessionEnded);
    view->trialsBox()->setValue(2);
    view->button("tuneStart")->click();
    QCOMPARE(tune->state(), TuneRunState::Running);
    QVERIFY(ended.wait(300000));
    for (const QString& m : tune->messages()) qInfo("%s", qPrintable(m));
    const gui::TuneOutcome& outcome = tune->lastOutcome();
    QVERIFY2(outcome.ok, outcome.error.c_str());
    QVERIFY(MessagesContain(tune, "TensorIR function's blocks"));
    QVERIFY(MessagesContain(tune, "through slurm"));
    QCOMPARE(int(tune->trials().size()), 2);
    QCOMPARE(view->plottedTrials(), 2);
    QVERIFY(outcome.best && outcome.best->checked);
    QCOMPARE(outcome.best->machine_key, runner::ReadMachineSignature().Key());
    // The candidates went through Slurm job arrays in the work folder.
    int taskBatches = 0;
    const QDir runs(dir.filePath("runs"));
    for (const QString& sub : runs.entryList({"slurm-*"}, QDir::Dirs))
      taskBatches += int(QDir(runs.filePath(sub)).entryList({"task-*.json"}).size());
    QVERIFY2(taskBatches > 0, "no Slurm job array measured candidates in the work folder");
  }
};

}  // namespace tst_tir_tune_dock_slurm

QTEST_MAIN(tst_tir_tune_dock_slurm::TestTirTuneDockSlurm)
#include "tst_tir_tune_dock_slurm.moc"
