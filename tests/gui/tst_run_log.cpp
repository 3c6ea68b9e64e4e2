// Issue #17 items 2, 3 and 13: the verdict of every Run stays in a run log that is saved
// with the project, and a failed check cannot be missed; the Profile view shows spread
// and noise, labels runs by schedule version, keeps one axis per chart, answers hover
// and click and follows the dark palette; the reference check is computed once per
// workload and the run's progress stays in sight.
#include <qcustomplot.h>

#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "KernelRunner.h"
#include "MainWindow.h"
#include "ReferenceCache.h"
#include "codegen/LLVMBackend.h"
#include "reference/Reference.h"
#include "runtime/KernelArguments.h"
#include "script/Evaluator.h"
#include "views/ParameterDialog.h"
#include "views/ProfileView.h"
#include "views/RunLogView.h"

namespace tst_run_log {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::gui::RunResult;

namespace {

const char* kSmall =
    "import tvm\n"
    "from tvm import te\n"
    "A = te.placeholder((32, 16), name=\"A\")\n"
    "k = te.reduce_axis((0, 16), name=\"k\")\n"
    "B = te.compute((32,), lambda i: te.sum(A[i, k] * 2.0, axis=k), name=\"B\")\n"
    "s = te.create_schedule(B.op)\n";

RunResult Checked(bool matches, double maxError) {
  RunResult r;
  r.ok = true;
  r.checked = true;
  r.matches = matches;
  r.max_abs_error = maxError;
  r.min_ms = r.median_ms = r.max_ms = 1.5;
  r.target = "CPU";
  return r;
}

RunResult Profiled(double min, double median, double max) {
  RunResult r;
  r.ok = true;
  r.min_ms = min;
  r.median_ms = median;
  r.max_ms = max;
  r.gflops = 10.0 / median;
  r.target = "CPU";
  return r;
}

// Eleven calls from `min` to `max` around `median` (five on either side).
views::ProfileRecord Record(const char* label, int version, double min, double median, double max) {
  views::ProfileRecord r{label, "llvm", median / 1e3, 10.0 / median};
  r.version = version;
  r.min_seconds = min / 1e3;
  r.max_seconds = max / 1e3;
  for (int i = 0; i < 5; ++i) r.calls.times_ms.push_back(min + (median - min) * i / 5);
  r.calls.times_ms.push_back(median);
  for (int i = 1; i <= 5; ++i) r.calls.times_ms.push_back(median + (max - median) * i / 5);
  return r;
}

}  // namespace

class TestRunLog : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_run_log");
    QSettings().clear();
    views::SetParameterAsker(views::AcceptDefaults());
  }

  // Item 2: every Run is a row of the run log with its version and verdict; a failed
  // check is a red row, a banner and a status message that does not time out, and
  // the run log comes to the front; the log is saved in the project.
  void theVerdictStaysAndAFailedCheckCannotBeMissed() {
    QTemporaryDir dir;
    QString project = dir.filePath("small.tessera");
    {
      MainWindow w;
      w.setInteractive(false);
      w.resize(1400, 900);
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      w.document()->reset(kSmall, "small.py");
      w.runFinished(Checked(true, 0.0), false);
      QVERIFY2(w.lastMessage().contains("matches the reference (max error 0)"),
               qPrintable(w.lastMessage()));
      QTableWidget* log = w.runLogView()->table();
      QCOMPARE(log->rowCount(), 1);
      QCOMPARE(log->item(0, 0)->text(), QString("v1 default"));
      QCOMPARE(log->item(0, 3)->text(), QString("matches"));
      QVERIFY(w.runLogView()->banner().isEmpty());

      w.selection()->selectIterVar("B", "i");
      w.action("action_parallel")->trigger();
      w.runFinished(Checked(false, 0.25), false);
      QCOMPARE(log->rowCount(), 2);
      QVERIFY(log->item(0, 0)->text().startsWith("v2"));  // newest first
      QCOMPARE(log->item(0, 3)->text(), QString("DIFFERS"));
      QCOMPARE(log->item(0, 3)->background().color(), QColor(198, 40, 40));
      QVERIFY(!w.dock("RunLogDock")->visibleRegion().isEmpty());  // raised
      QVERIFY2(
          w.runLogView()->banner().contains("v2") && w.runLogView()->banner().contains("DIFFERS"),
          qPrintable(w.runLogView()->banner()));
      QTest::qWait(50);
      QVERIFY2(w.statusBar()->currentMessage().contains("DIFFERS"),
               qPrintable(w.statusBar()->currentMessage()));
      QVERIFY(w.saveAs(project));
    }
    MainWindow again;
    again.setInteractive(false);
    again.show();
    QVERIFY(again.openFile(project).ok());
    QCOMPARE(again.runLogView()->table()->rowCount(), 2);
    QVERIFY(again.runLogView()->banner().contains("DIFFERS"));
    QCOMPARE(int(again.document()->state().history.versions().size()), 2);
  }

  // Item 2: a later passing run of the same version takes the banner down.
  void aPassingRerunClearsTheBanner() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.document()->reset(kSmall, "small.py");
    w.runFinished(Checked(false, 1.0), false);
    QVERIFY(!w.runLogView()->banner().isEmpty());
    w.runFinished(Checked(true, 0.0), false);
    QVERIFY(w.runLogView()->banner().isEmpty());
    QCOMPARE(w.runLogView()->table()->rowCount(), 2);
  }

  // Item 3: the same schedule profiled twice is within noise, labelled by version, and
  // the note says so; a clear difference is not.
  void profilesShowNoiseAndVersions() {
    views::ProfileView view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    views::DocumentState state;
    state.peak_gflops = 100;
    state.profiles = {Record("v1 default", 1, 1.0, 1.2, 1.6),
                      Record("v1 default", 1, 0.9, 1.0, 1.5),
                      Record("v2 parallel(i)", 2, 0.30, 0.31, 0.33)};
    view.setState(state);
    QCOMPARE(view.barCount(), 3);
    QVERIFY(view.withinNoise()[1]);   // ×1.2 but the medians' intervals overlap
    QVERIFY(!view.withinNoise()[2]);  // ×3.9, far beyond the spread
    QVERIFY(view.runSummary(1).contains("within noise"));
    QVERIFY(view.runSummary(0).contains("v1 default"));
    QVERIFY(view.runSummary(0).contains("fastest 1.000 ms, slowest 1.600 ms"));
    // One value axis per chart: the time points never share the GFLOP/s axis (and its
    // machine-peak line).
    QVERIFY(view.gflopsAxis()->axisRect() != view.timeAxis()->axisRect());
    QVERIFY(view.gflopsAxis()->range().upper >= 100);
  }

  // Item 3: hovering a bar tells its numbers; clicking it asks for its version.
  void hoverAndClickARun() {
    views::ProfileView view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    views::DocumentState state;
    state.profiles = {Record("v1 default", 1, 1.0, 1.1, 1.2),
                      Record("v3 vectorize(j)", 3, 0.5, 0.5, 0.6)};
    view.setState(state);
    view.plot()->replot();
    QCPAxis* x = view.plot()->axisRect(0)->axis(QCPAxis::atBottom);
    QPoint onSecond(int(x->coordToPixel(2)),
                    int(view.gflopsAxis()->coordToPixel(state.profiles[1].gflops / 2)));
    QCOMPARE(view.runAt(onSecond), 1);
    QSignalSpy asked(&view, &views::ViewBase::versionRequested);
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, onSecond);
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked.at(0).at(0).toInt(), 3);
  }

  // Item 3: the charts follow a dark palette (no white plot on a dark window).
  void theChartsFollowTheDarkPalette() {
    views::ProfileView view;
    view.resize(400, 300);
    views::DocumentState state;
    state.profiles = {Record("v1 default", 1, 1.0, 1.1, 1.2)};
    view.setState(state);
    QPalette dark = view.palette();
    dark.setColor(QPalette::Base, QColor(35, 35, 35));
    dark.setColor(QPalette::Window, QColor(45, 45, 45));
    dark.setColor(QPalette::Text, Qt::white);
    view.setPalette(dark);
    QCoreApplication::processEvents();
    QImage image = view.plot()->toPixmap(300, 200).toImage();
    QVERIFY2(image.pixelColor(3, 3).lightness() < 100, qPrintable(image.pixelColor(3, 3).name()));
  }

  // Item 3: a profile from the window is labelled by its schedule version.
  void aProfileIsLabelledByItsVersion() {
    MainWindow w;
    w.setInteractive(false);
    w.document()->reset(kSmall, "small.py");
    w.runFinished(Profiled(1.0, 1.1, 1.3), true);
    w.selection()->selectIterVar("B", "i");
    w.action("action_parallel")->trigger();
    w.runFinished(Profiled(0.5, 0.55, 0.6), true);
    const auto& profiles = w.document()->state().profiles;
    QCOMPARE(int(profiles.size()), 2);
    QCOMPARE(QString::fromStdString(profiles[0].label), QString("v1 default"));
    QVERIFY2(QString::fromStdString(profiles[1].label).startsWith("v2 parallel"),
             profiles[1].label.c_str());
    QCOMPARE(profiles[1].version, 2);
    QCOMPARE(w.runLogView()->table()->rowCount(), 2);
  }

  // Item 13: the oracle's answer is computed once per workload and input; a new
  // schedule of the same workload only compares; another input is computed again.
  void theReferenceIsKeptPerWorkload() {
    gui::ClearReferenceCache();
    auto program = script::EvaluateScript(kSmall, "small.py");
    QVERIFY(program.ok());
    const schedule::Schedule& sch = *program->schedule;
    std::vector<te::Tensor> args = program->Arguments();
    QCOMPARE(int(args.size()), 2);
    auto a = runtime::NDArray::Empty({32, 16}, ir::DataType::Float(32));
    QVERIFY(a.ok());
    a->FillRandom(7);
    reference::TensorArrays inputs{{args[0].get(), *a}};
    auto expected = reference::EvaluateReference({args[1]}, inputs, {});
    QVERIFY(expected.ok());
    std::vector<runtime::NDArray> buffers{*a, (*expected)[0].Clone()};

    auto first = gui::CheckWithCachedReference(sch, args, buffers, {});
    QVERIFY(first.ok());
    QVERIFY(!first->reused);
    QVERIFY(first->outputs.at(0).result.ok());
    QVERIFY(gui::ReferenceIsCached(sch, args, buffers, {}));
    auto second = gui::CheckWithCachedReference(sch, args, buffers, {});
    QVERIFY(second.ok());
    QVERIFY(second->reused);
    QVERIFY(second->outputs.at(0).result.ok());
    // A wrong kernel output is still found with the kept reference.
    static_cast<float*>(buffers[1].data())[5] += 1.0f;
    auto wrong = gui::CheckWithCachedReference(sch, args, buffers, {});
    QVERIFY(wrong->reused);
    QVERIFY(!wrong->outputs.at(0).result.ok());
    // Other input data: computed again.
    static_cast<float*>(buffers[0].data())[0] += 1.0f;
    QVERIFY(!gui::ReferenceIsCached(sch, args, buffers, {}));
    auto other = gui::CheckWithCachedReference(sch, args, buffers, {});
    QVERIFY(!other->reused);
  }

  // Item 13: while a run goes, what it does stays in the status bar (a permanent
  // label, not a message that times out); the second run reuses the reference.
  void runFeedbackStaysWhileRunning() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    gui::ClearReferenceCache();
    MainWindow w;
    w.setInteractive(false);
    w.show();
    w.document()->reset(kSmall, "small.py");
    auto* label = w.findChild<QLabel*>("runProgressLabel");
    QVERIFY(label);
    QSignalSpy finished(w.runner(), &gui::RunController::finished);
    QVERIFY(w.startRun(false));
    QVERIFY(label->isVisible());
    QVERIFY2(label->text().startsWith("Running v1 on the CPU"), qPrintable(label->text()));
    QVERIFY(finished.wait(60000));
    QVERIFY(!label->isVisible());
    QVERIFY2(w.lastMessage().contains("reference computed"), qPrintable(w.lastMessage()));
    QVERIFY(w.startRun(false));
    QVERIFY(finished.wait(60000));
    QVERIFY2(w.lastMessage().contains("kept reference"), qPrintable(w.lastMessage()));
  }
};

}  // namespace tst_run_log

QTEST_MAIN(tst_run_log::TestRunLog)
#include "tst_run_log.moc"
