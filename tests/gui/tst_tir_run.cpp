// Run, Profile, versions, roofline, cache fit and the run log on TensorIR documents,
// through the same runner and records as a te schedule: a Run is checked against the
// unscheduled function, a Profile is timed in the same interleaved rounds and counts the
// unscheduled function's FLOPs, every schedule state that runs is a version (compared
// side by side), profiles are roofline points, loops show their working set, and a
// project keeps the schedule and its runs. What cannot run says why: a schedule that
// does not lower, a kernel the CPU backend refuses, the GPU, the emulator. On a Slurm
// node it runs from the document's own text (tst_tir_run_slurm).
#include <QDialog>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextEdit>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "ClusterRun.h"
#include "InstrumentPanels.h"
#include "MainWindow.h"
#include "TirRunFixture.h"
#include "VersionCompare.h"
#include "script/Evaluator.h"
#include "tir/Trace.h"
#include "views/CacheFitColumn.h"
#include "views/ParameterDialog.h"
#include "views/ProfileView.h"
#include "views/RooflineView.h"
#include "views/RunLogView.h"
#include "views/TirLoopNestView.h"

namespace tst_tir_run {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::testing::FirstError;
using tessera::testing::kTirRunGemm;
using tessera::testing::kTirRunGemmFlops;
using tessera::testing::WaitForRun;

namespace {

// A module of two functions, the second one scheduled.
const QString kScheduledModule =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "from tvm import tir\n"
    "\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def add(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n"
    "        for i in range(8):\n"
    "            with T.block(\"B\"):\n"
    "                vi = T.axis.spatial(8, i)\n"
    "                B[vi] = A[vi] + T.float32(1)\n"
    "\n"
    "    @T.prim_func\n"
    "    def mul(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"float32\")):\n"
    "        for i in range(16):\n"
    "            with T.block(\"B\"):\n"
    "                vi = T.axis.spatial(16, i)\n"
    "                B[vi] = A[vi] * T.float32(3)\n"
    "\n"
    "sch = tir.Schedule(Module)\n"
    "sch.work_on(\"mul\")\n"
    "(i,) = sch.get_loops(sch.get_block(\"B\"))\n"
    "sch.split(i, factors=[None, 4])\n";

// B = A * 2; the schedule's last line goes on its first loop `i`.
QString Scaled(const char* lastLine) {
  return QString(
             "import tvm\n"
             "from tvm import te, tir\n"
             "A = te.placeholder((64, 64), \"float32\", name=\"A\")\n"
             "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
             "sch = tir.Schedule(te.create_prim_func([A, B]))\n"
             "i, j = sch.get_loops(sch.get_block(\"B\"))\n") +
         lastLine + "\n";
}

// LowerTensorIR refuses an unroll step that is not an integer.
const QString kDoesNotLower = Scaled("sch.annotate(i, \"pragma_auto_unroll_max_step\", 1.5)");
// It lowers; the CPU backend cannot run a loop bound to a GPU thread.
const QString kThreadBound = Scaled("sch.bind(i, \"threadIdx.x\")");

// What MainWindow::startRun asks of a Slurm runner: a checked Run or a 20-call Profile.
gui::RunRequest ClusterRequest(const views::DocumentState& s, bool profile) {
  gui::RunRequest r;
  r.program = s.program;
  r.function = s.function;
  r.check = !profile;
  r.repeat = profile ? 20 : 0;
  r.runner.kind = "slurm";
  return r;
}

runtime::MemoryBandwidth TestBandwidth() {
  runtime::MemoryBandwidth b;
  b.threads = 1;
  b.levels = {
      {"L1", 16384, 400}, {"L2", 262144, 200}, {"L3", 4194304, 100}, {"DRAM", 67108864, 20}};
  return b;
}

}  // namespace

class TestTirRun : public QObject, protected testing::TirRunWindow {
  Q_OBJECT

  const views::RunHistory& History() const { return w->document()->state().history; }

  void open(const QString& text) {
    w->document()->reset(text, "tir_run.py");
    QVERIFY2(w->document()->state().tir_schedule, qPrintable(FirstError(w->document()->state())));
  }

 private slots:
  void initTestCase() { PrepareSuite(); }

  void init() {
    QVERIFY2(OpenWindow(kTirRunGemm, "tir_run.py"), qPrintable(FirstError(w->document()->state())));
  }
  void cleanup() { CloseWindow(); }

  // Run was disabled on a TensorIR document, without a word: its function was lowered
  // for the Code view but never given to the runner.
  void runIsOfferedOnATensorIRDocument() {
    QVERIFY(w->document()->state().function);
    QVERIFY(w->action("actionRunCpu")->isEnabled());
    QVERIFY(w->action("actionProfile")->isEnabled());
    QVERIFY2(!w->action("actionRunCpu")->toolTip().contains("Nothing"),
             qPrintable(w->action("actionRunCpu")->toolTip()));
  }

  void runChecksAgainstTheUnscheduledFunctionAndLogsIt() {
    QVERIFY(w->startRun(false));
    QVERIFY(WaitForRun(*w));
    QVERIFY2(w->lastMessage().contains("matches the reference"), qPrintable(w->lastMessage()));
    QCOMPARE(History().runs().size(), size_t(1));
    const views::RunRecord& run = History().runs().front();
    QVERIFY2(run.ok, run.message.c_str());
    QCOMPARE(run.kind, std::string("run"));
    QVERIFY(run.checked && run.matches);
    QCOMPARE(run.version, 1);
    QCOMPARE(w->runLogView()->table()->rowCount(), 1);
  }

  // Profile: the Profile chart, the FLOPs of the unscheduled function, and the second
  // profile times the first version in the same interleaved rounds (as for te).
  void profileMeasuresAsForTeSchedules() {
    QVERIFY(w->startRun(true));
    QVERIFY(WaitForRun(*w));
    const auto& profiles = w->document()->state().profiles;
    QCOMPARE(profiles.size(), size_t(1));
    QVERIFY(profiles[0].seconds > 0);
    QVERIFY(qAbs(profiles[0].gflops * 1e9 * profiles[0].seconds - kTirRunGemmFlops) <
            1e-6 * kTirRunGemmFlops);
    QCOMPARE(w->profileView()->barCount(), 1);
    w->document()->editScript(w->document()->text() + "sch.parallel(io)\n");
    QVERIFY2(w->document()->state().function, qPrintable(FirstError(w->document()->state())));
    QVERIFY(w->startRun(true));
    QVERIFY(WaitForRun(*w));
    QCOMPARE(profiles.size(), size_t(2));
    QCOMPARE(w->profileView()->barCount(), 2);
    QCOMPARE(profiles[1].calls.baseline_version, profiles[0].version);
    QVERIFY(!profiles[1].calls.baseline_times_ms.empty());
    QCOMPARE(w->profileView()->speedups().size(), size_t(2));
  }

  // Each schedule state that ran is a version; the next extends its trace, is labelled
  // with what it added and compares with it side by side.
  void versionsAreScheduleStatesAndCompare() {
    QVERIFY(w->startRun(false));
    QVERIFY(WaitForRun(*w));
    w->document()->editScript(w->document()->text() + "sch.parallel(io)\n");
    QVERIFY(w->startRun(false));
    QVERIFY(WaitForRun(*w));
    QCOMPARE(History().versions().size(), size_t(2));
    const views::ScheduleVersion& v1 = History().versions()[0];
    const views::ScheduleVersion& v2 = History().versions()[1];
    QVERIFY(!v1.trace.empty());
    QCOMPARE(v2.parent, v1.id);
    QCOMPARE(v2.trace.size(), v1.trace.size() + 1);
    QString label = QString::fromStdString(History().label(v2.id));
    QVERIFY2(label.startsWith("v2 parallel(loop="), qPrintable(label));
    QDialog* dialog = w->compareVersions(v1.id, v2.id);
    auto* compare = qobject_cast<gui::VersionCompareDialog*>(dialog);
    QVERIFY(compare);
    QVERIFY(compare->scriptPane(true)->toPlainText().contains("sch.parallel(io)"));
    QVERIFY(!compare->scriptPane(false)->toPlainText().contains("sch.parallel(io)"));
    QString left = compare->loopPane(false)->toPlainText(),
            right = compare->loopPane(true)->toPlainText();
    QVERIFY2(right.contains("parallel") && !left.contains("parallel"), qPrintable(right));
    dialog->close();
  }

  void profilesAreRooflinePoints() {
    auto* panels = w->findChild<gui::InstrumentPanels*>();
    QVERIFY(panels);
    panels->roofline()->setCeilings(100, TestBandwidth());
    QVERIFY(w->startRun(true));
    QVERIFY(WaitForRun(*w));
    const auto& points = panels->roofline()->points();
    QCOMPARE(points.size(), size_t(1));
    QVERIFY(points[0].gflops > 0);
    QVERIFY(!points[0].intensities.empty());
    for (const auto& [level, intensity] : points[0].intensities)
      QVERIFY2(intensity > 0, level.c_str());
  }

  void loopsShowTheirWorkingSet() {
    views::TirLoopNestView* nest = w->tirLoopNestView();
    nest->setState(w->document()->state());
    int known = 0;
    for (QTreeWidgetItemIterator it(nest->tree()); *it; ++it) {
      qint64 bytes =
          (*it)
              ->data(views::TirLoopNestView::kWorkingSetColumn, views::CacheFitDelegate::kBytesRole)
              .toLongLong();
      if (bytes > 0) ++known;
    }
    // io, k, ii and j: every loop of the GEMM, none of its block.
    QCOMPARE(known, 4);
  }

  // The function Run compiles is the Code view's too: C, LLVM IR and assembly; CUDA,
  // where this machine could compile it, says that a TensorIR document has none yet.
  void theCodeViewShowsTheCompiledFunction() {
    const auto& targets = w->document()->state().targets;
    QTRY_VERIFY_WITH_TIMEOUT(!targets.empty(), 60000);
    QStringList titles;
    for (const views::CodeArtifact& a : targets) {
      titles << QString::fromStdString(a.title);
      if (a.title == "CUDA C++")
        QVERIFY2(QString::fromStdString(a.text).contains("not available"), a.text.c_str());
      else
        QVERIFY2(!QString::fromStdString(a.text).contains("not available"), a.text.c_str());
    }
    QVERIFY2(titles.contains("LLVM IR") && titles.contains("Assembly"),
             qPrintable(titles.join(", ")));
  }

  void theGpuIsRefusedWithTheReason() {
    QVERIFY(!w->action("actionRunGpu")->isEnabled());
    QVERIFY(!w->startRun(false, "cuda"));
    QVERIFY2(w->lastMessage().contains("no loop bound to a GPU thread"),
             qPrintable(w->lastMessage()));
    QVERIFY(History().runs().empty());
    auto* panels = w->findChild<gui::InstrumentPanels*>();
    QVERIFY(!w->action("actionCheckEmulator")->isEnabled());
    QVERIFY(w->action("actionCheckEmulator")->toolTip().contains("TensorIR"));
    QVERIFY(!panels->checkOnEmulator());
  }

  // A run on a cluster node ships the document's own text, which the node evaluates as
  // `tessera-cli run` does (tst_tir_run_slurm runs it through Slurm); a Profile's version
  // to compare with goes the same way.
  void aClusterRunShipsTheDocumentsText() {
    const views::DocumentState& s = w->document()->state();
    runner::MeasureRequest m = gui::MeasureRequestFor(ClusterRequest(s, false));
    QCOMPARE(QString::fromStdString(m.script), QString(kTirRunGemm));
    QVERIFY(m.func.empty());
    QVERIFY(m.check);
    QCOMPARE(m.repeat, 1);
    QVERIFY(m.baseline_script.empty());
    std::shared_ptr<const script::ScriptProgram> first = s.program;
    std::shared_ptr<const transform::LoweredProgram> firstFunction = s.function;
    w->document()->editScript(w->document()->text() + "sch.parallel(io)\n");
    const views::DocumentState& now = w->document()->state();
    QVERIFY(now.function);
    gui::RunRequest profile = ClusterRequest(now, true);
    profile.baseline_program = first;
    profile.baseline_function = firstFunction;
    m = gui::MeasureRequestFor(profile);
    QVERIFY(m.script.find("sch.parallel(io)") != std::string::npos);
    QCOMPARE(QString::fromStdString(m.baseline_script), QString(kTirRunGemm));
    QCOMPARE(m.repeat, 20);
  }

  // A module of several functions: the node is told which one the document schedules.
  void aClusterRunNamesTheModulesFunction() {
    open(kScheduledModule);
    const views::DocumentState& s = w->document()->state();
    QCOMPARE(s.program->tir_func_name, std::string("mul"));
    runner::MeasureRequest m = gui::MeasureRequestFor(ClusterRequest(s, false));
    QCOMPARE(QString::fromStdString(m.script), kScheduledModule);
    QCOMPARE(m.func, std::string("mul"));
  }

  void aScheduleThatDoesNotLowerSaysWhy() {
    open(kDoesNotLower);
    QVERIFY(!w->document()->state().function);
    QAction* run = w->action("actionRunCpu");
    QVERIFY(!run->isEnabled());
    QVERIFY2(run->toolTip().contains("lowering the TensorIR function failed") &&
                 run->toolTip().contains("pragma_auto_unroll_max_step"),
             qPrintable(run->toolTip()));
    QVERIFY(!w->startRun(false));
    QCOMPARE(w->lastMessage(), run->toolTip());
    QVERIFY(History().runs().empty());
  }

  void aKernelTheCpuCannotRunFailsInTheRunLog() {
    open(kThreadBound);
    QVERIFY(w->startRun(false));
    QVERIFY(WaitForRun(*w));
    QCOMPARE(History().runs().size(), size_t(1));
    const views::RunRecord& run = History().runs().front();
    QVERIFY(!run.ok);
    QVERIFY2(QString::fromStdString(run.message).contains("bound to a GPU thread"),
             run.message.c_str());
    QVERIFY2(w->lastMessage().contains("run failed"), qPrintable(w->lastMessage()));
  }

  // File > Save As a project and open it again: the same schedule (its trace), and the
  // versions and runs it had; the project lists the trace as TVM prints it.
  void aProjectKeepsTheScheduleAndItsRuns() {
    QVERIFY(w->startRun(false));
    QVERIFY(WaitForRun(*w));
    QTemporaryDir dir;
    QString path = dir.filePath("gemm_tir.tessera");
    QVERIFY2(w->saveAs(path), qPrintable(w->lastMessage()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject project = QJsonDocument::fromJson(file.readAll()).object();
    QStringList trace;
    for (const QJsonValue& line : project.value("trace").toArray()) trace << line.toString();
    QVERIFY2(
        trace.join('\n').contains("sch.split(loop=") && trace.join('\n').contains("sch.reorder("),
        qPrintable(trace.join('\n')));

    MainWindow again;
    again.setInteractive(false);
    QVERIFY2(again.openFile(path).ok(), qPrintable(again.lastMessage()));
    const views::DocumentState& reopened = again.document()->state();
    QVERIFY2(reopened.tir_schedule, qPrintable(FirstError(reopened)));
    QCOMPARE(again.document()->text(), w->document()->text());
    QCOMPARE(tir::TraceLines(reopened.tir_schedule->trace()),
             tir::TraceLines(w->document()->state().tir_schedule->trace()));
    QCOMPARE(reopened.history.versions().size(), size_t(1));
    QCOMPARE(reopened.history.runs().size(), size_t(1));
    QVERIFY(reopened.history.runs().front().matches);
    QVERIFY(again.action("actionRunCpu")->isEnabled());
  }
};

}  // namespace tst_tir_run

QTEST_MAIN(tst_tir_run::TestTirRun)
#include "tst_tir_run.moc"
