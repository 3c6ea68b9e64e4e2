// Numbers that hold up under re-measurement: the Profile chart's header and Compare say
// the same for the same two versions (one rule, views::CompareVersionRuns, on the
// calls of the same interleaved rounds); one slow call does not make a real difference
// "within noise"; a Profile times the first profiled version alongside in interleaved
// rounds; the calls survive a project round trip and older projects still open; the GUI
// counts a padded conv's work as the CLI does (the inlined pad is no work); and the
// Profile chart stays readable after ten runs (labels apart, the legend off the bars, a
// time chart tall enough to read).
#include <qcustomplot.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "Evaluation.h"
#include "KernelRunner.h"
#include "MainWindow.h"
#include "RunController.h"
#include "VersionCompare.h"
#include "ViewState.h"
#include "codegen/LLVMBackend.h"
#include "te/WorkloadFlops.h"
#include "transform/Pipeline.h"
#include "views/ParameterDialog.h"
#include "views/ProfileView.h"
#include "views/RunLogView.h"

namespace tst_measurement_protocol {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::gui::RunResult;

namespace {

const char* kSmall =
    "import tvm\n"
    "from tvm import te\n"
    "A = te.placeholder((64, 64), name=\"A\")\n"
    "k = te.reduce_axis((0, 64), name=\"k\")\n"
    "B = te.compute((64,), lambda i: te.sum(A[i, k] * 2.0, axis=k), name=\"B\")\n"
    "s = te.create_schedule(B.op)\n";

// A depthwise 3x3 conv with padding 1 whose pad stage is inlined (the dwconv).
const char* kPaddedDwconv =
    "import tvm\n"
    "from tvm import te\n"
    "data = te.placeholder((1, 8, 10, 10), name=\"data\")\n"
    "w = te.placeholder((8, 3, 3), name=\"w\")\n"
    "pad = te.compute((1, 8, 12, 12), lambda n, c, h, x: te.if_then_else(\n"
    "    tvm.tir.all(h >= 1, h < 11, x >= 1, x < 11), data[n, c, h - 1, x - 1],\n"
    "    tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n"
    "ry = te.reduce_axis((0, 3), name=\"ry\")\n"
    "rx = te.reduce_axis((0, 3), name=\"rx\")\n"
    "dw = te.compute((1, 8, 10, 10), lambda n, c, y, x: te.sum(\n"
    "    pad[n, c, y + ry, x + rx] * w[c, ry, rx], axis=[ry, rx]), name=\"dw\")\n"
    "s = te.create_schedule(dw.op)\n"
    "s[pad].compute_inline()\n";

// `n` calls around `ms` (±1%, deterministic).
std::vector<double> Around(double ms, int n) {
  std::vector<double> out;
  for (int i = 0; i < n; ++i) out.push_back(ms * (1.0 + 0.01 * std::sin(1.3 * i + ms)));
  return out;
}

RunResult Profiled(std::vector<double> calls, int baselineVersion = 0,
                   std::vector<double> baselineCalls = {}) {
  RunResult r;
  r.ok = true;
  r.target = "CPU";
  r.times_ms = calls;
  r.min_ms = *std::min_element(calls.begin(), calls.end());
  r.max_ms = *std::max_element(calls.begin(), calls.end());
  r.median_ms = runner::MedianOf(calls);
  r.gflops = 1.0 / r.median_ms;
  r.baseline_version = baselineVersion;
  r.baseline_times_ms = std::move(baselineCalls);
  return r;
}

views::ProfileRecord Record(int version, std::vector<double> calls) {
  double median = runner::MedianOf(calls);
  views::ProfileRecord r{"v" + std::to_string(version) + " split(B, i, factor=8)", "llvm",
                         median / 1e3, 1.0 / median};
  r.version = version;
  r.min_seconds = *std::min_element(calls.begin(), calls.end()) / 1e3;
  r.max_seconds = *std::max_element(calls.begin(), calls.end()) / 1e3;
  r.calls.times_ms = std::move(calls);
  return r;
}

QString SpeedRow(const gui::VersionComparison& c) {
  for (const auto& row : c.numbers)
    if (row[0] == "speed of right vs left") return row[2];
  return {};
}

}  // namespace

class TestMeasurementProtocol : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_measurement_protocol");
    QSettings().clear();
    views::SetParameterAsker(views::AcceptDefaults());
  }

  // The contradiction: separate profiles said ×0.29, best-of-N medians in
  // Compare ×1.77. Now the second Profile carries v1's calls from the same rounds and
  // both the header and Compare compare those.
  void theProfileHeaderAndCompareAgree() {
    MainWindow w;
    w.setInteractive(false);
    w.document()->reset(kSmall, "small.py");
    w.runFinished(Profiled(Around(1.0, 20)), true);  // v1, on a slow moment of the machine
    w.selection()->selectIterVar("B", "i");
    w.action("action_parallel")->trigger();
    // v2 with v1 alongside: v1 now 0.62 ms, v2 0.35 ms.
    w.runFinished(Profiled(Around(0.35, 20), 1, Around(0.62, 20)), true);
    const auto& history = w.document()->state().history;
    QCOMPARE(int(history.versions().size()), 2);
    views::ProfileView* profile = w.findChild<views::ProfileView*>();
    QVERIFY(profile);
    const runner::TimingComparison& header = profile->comparisons().back();
    QVERIFY(header.interleaved);
    QCOMPARE(header.verdict, runner::NoiseVerdict::kDiffers);
    QVERIFY2(std::abs(header.speedup - 0.62 / 0.35) < 0.03,
             qPrintable(QString::number(header.speedup)));
    QString expected = QString("×%1").arg(header.speedup, 0, 'f', 2);
    QVERIFY2(profile->note().contains("latest: " + expected), qPrintable(profile->note()));
    gui::VersionComparison c = gui::CompareVersions(history, 1, 2);
    QCOMPARE(c.speedup, header.speedup);
    QCOMPARE(c.verdict, header.verdict);
    QVERIFY(c.interleaved);
    QVERIFY2(SpeedRow(c).startsWith(expected), qPrintable(SpeedRow(c)));
    // The other way round: the same calls, the inverse speed.
    gui::VersionComparison back = gui::CompareVersions(history, 2, 1);
    QVERIFY(std::abs(back.speedup * header.speedup - 1.0) < 1e-9);
  }

  // Two profiles of the same schedule are within noise; one slow call of a kernel six
  // times faster does not make the difference "within noise" (the fastest-to-slowest
  // ranges overlap, the medians' intervals do not).
  void oneSlowCallIsNotNoise() {
    views::ProfileView view;
    view.resize(700, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    std::vector<double> fast = Around(1.0, 19);
    fast.push_back(6.2);
    views::DocumentState state;
    state.profiles = {Record(1, Around(6.0, 20)), Record(1, Around(6.02, 20)), Record(2, fast)};
    view.setState(state);
    QVERIFY(view.withinNoise()[1]);
    QVERIFY(!view.withinNoise()[2]);
    QVERIFY2(view.speedups()[2] > 5.5, qPrintable(QString::number(view.speedups()[2])));
    QVERIFY(view.runSummary(1).contains("within noise"));
    QVERIFY(!view.runSummary(2).contains("within noise"));
    QVERIFY(view.runSummary(2).contains("95% interval"));
  }

  // A run saved before calls were kept: the speed from the medians, the noise unknown
  // (never guessed from fastest and slowest call).
  void runsWithoutCallsHaveNoVerdict() {
    views::ProfileView view;
    views::DocumentState state;
    views::ProfileRecord a{"v1 default", "llvm", 1e-3, 1.0},
        b{"v2 parallel(i)", "llvm", 0.5e-3, 2.0};
    a.version = 1;
    b.version = 2;
    a.min_seconds = 0.4e-3;
    a.max_seconds = 6e-3;
    state.profiles = {a, b};
    view.setState(state);
    QCOMPARE(view.comparisons()[1].verdict, runner::NoiseVerdict::kUnknown);
    QCOMPARE(view.speedups()[1], 2.0);
    QVERIFY(!view.withinNoise()[1]);
    QVERIFY(view.note().contains("noise unknown"));
  }

  // The run log shows the median's interval, not fastest-to-slowest.
  void theRunLogShowsTheIntervalOfTheMedian() {
    MainWindow w;
    w.setInteractive(false);
    w.document()->reset(kSmall, "small.py");
    std::vector<double> calls = Around(1.0, 19);
    calls.push_back(9.0);
    w.runFinished(Profiled(calls), true);
    QTableWidget* log = w.runLogView()->table();
    QString spread = log->item(0, 6)->text();
    QVERIFY2(spread.startsWith("±") && spread.endsWith("%"), qPrintable(spread));
    QVERIFY2(spread.mid(1, spread.size() - 2).toDouble() < 3.0, qPrintable(spread));
    QVERIFY(log->item(0, 6)->toolTip().contains("over 20 timed call"));
  }

  // The calls go into the project and come back; a project saved before they were kept
  // (no "calls") still opens, its runs without a verdict.
  void callsSurviveAProjectAndOldProjectsOpen() {
    QTemporaryDir dir;
    QString project = dir.filePath("calls.tessera");
    {
      MainWindow w;
      w.setInteractive(false);
      w.document()->reset(kSmall, "small.py");
      w.runFinished(Profiled(Around(1.0, 20)), true);
      w.selection()->selectIterVar("B", "i");
      w.action("action_parallel")->trigger();
      w.runFinished(Profiled(Around(0.5, 20), 1, Around(1.1, 20)), true);
      QVERIFY(w.saveAs(project));
    }
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(again.openFile(project).ok());
    const auto& runs = again.document()->state().history.runs();
    QCOMPARE(int(runs.size()), 2);
    QCOMPARE(int(runs[1].calls.times_ms.size()), 20);
    QCOMPARE(runs[1].calls.baseline_version, 1);
    QCOMPARE(int(runs[1].calls.baseline_times_ms.size()), 20);
    const auto& profiles = again.document()->state().profiles;
    QCOMPARE(int(profiles.size()), 2);
    QCOMPARE(profiles[1].calls.baseline_times_ms, runs[1].calls.baseline_times_ms);

    // The same view state without calls, as an older version wrote it.
    QJsonObject o =
        QJsonDocument::fromJson(QByteArray::fromStdString(gui::CaptureViewState(again))).object();
    for (const char* key : {"runs", "profiles"}) {
      QJsonArray stripped;
      for (const QJsonValue& v : o.value(key).toArray()) {
        QJsonObject e = v.toObject();
        e.remove("calls");
        stripped.append(e);
      }
      o[key] = stripped;
    }
    MainWindow old;
    old.setInteractive(false);
    old.document()->reset(kSmall, "small.py");
    gui::ApplyViewState(old, QJsonDocument(o).toJson().toStdString());
    QCOMPARE(int(old.document()->state().history.runs().size()), 2);
    QVERIFY(old.document()->state().history.runs()[1].calls.empty());
    gui::VersionComparison c = gui::CompareVersions(old.document()->state().history, 1, 2);
    QCOMPARE(c.verdict, runner::NoiseVerdict::kUnknown);
    QVERIFY(c.speedup > 1.5);
  }

  // Profiling from the window times the first profiled version in the same rounds.
  void aProfileTimesTheFirstVersionAlongside() {
    if (!codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    MainWindow w;
    w.setInteractive(false);
    w.document()->reset(kSmall, "small.py");
    QSignalSpy done(w.runner(), &gui::RunController::finished);
    QVERIFY(w.startRun(true));
    QVERIFY(done.wait(120000));
    w.selection()->selectIterVar("B", "i");
    w.action("action_parallel")->trigger();
    QVERIFY(w.startRun(true));
    QVERIFY(done.wait(120000));
    QCoreApplication::processEvents();
    const auto& runs = w.document()->state().history.runs();
    QCOMPARE(int(runs.size()), 2);
    QVERIFY2(runs[1].ok, runs[1].message.c_str());
    QCOMPARE(int(runs[0].calls.times_ms.size()), 20);
    QCOMPARE(runs[0].calls.baseline_version, 0);
    QCOMPARE(runs[1].calls.baseline_version, 1);
    QCOMPARE(int(runs[1].calls.times_ms.size()), 20);
    QCOMPARE(int(runs[1].calls.baseline_times_ms.size()), 20);
    QCOMPARE(runs[1].median_ms, runner::MedianOf(runs[1].calls.times_ms));
  }

  // The GUI's GFLOP/s counts the te definition's work, as `tessera-cli profile` does:
  // the inlined pad stage's selects are no work (the issue: 8.61 MFLOP against the
  // CLI's 8,128,512 for the same kernel).
  void aPaddedConvCountsTheWorkTheCliCounts() {
    if (!codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    views::DocumentState state = gui::Evaluate(kPaddedDwconv, "dwconv.py");
    QVERIFY(state.function);
    gui::RunRequest request{state.program, state.function, false, 0, 64, "llvm"};
    std::atomic<bool> cancel{false};
    RunResult r = gui::RunKernel(request, cancel, {});
    QVERIFY2(r.ok, r.message.c_str());
    const double expected = 2.0 * 8 * 10 * 10 * 9;  // a multiply-add per tap and output
    std::vector<te::Tensor> outputs;
    for (const te::Operation& op : state.program->schedule->outputs)
      outputs.push_back(te::output_of(op, 0));
    QCOMPARE(te::CountWorkloadFlops(outputs, {}), expected);
    QCOMPARE(r.flops, expected);
  }

  // Ten runs: every label on the run axis is apart from the next, the legend covers no
  // bar, and the time chart is tall enough to read.
  void theChartIsReadableAfterTenRuns() {
    views::ProfileView view;
    view.resize(640, 420);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    views::DocumentState state;
    state.peak_gflops = 0;
    for (int i = 1; i <= 12; ++i) {
      views::ProfileRecord r = Record(i, Around(1.0 / i, 10));
      r.label = "v" + std::to_string(i) + " reorder(conv, f, y, x, rc, ry, rx) (+2)";
      state.profiles.push_back(r);
    }
    view.setState(state);
    QCoreApplication::processEvents();
    view.plot()->replot();
    std::vector<QRect> labels = view.runLabelRects();
    QVERIFY2(labels.size() >= 4, qPrintable(QString::number(labels.size())));
    for (size_t i = 0; i + 1 < labels.size(); ++i)
      QVERIFY2(!labels[i].intersects(labels[i + 1]),
               qPrintable(QString("label %1 overlaps the next").arg(i)));
    QRectF legend = view.plot()->legend->outerRect();
    QVERIFY(!legend.isEmpty());
    for (int p = 0; p < view.plot()->plottableCount(); ++p) {
      auto* bars = qobject_cast<QCPBars*>(view.plot()->plottable(p));
      if (!bars) continue;
      for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
        QCPAxis* x = bars->keyAxis();
        QCPAxis* y = bars->valueAxis();
        QRectF bar(QPointF(x->coordToPixel(it->key - 0.3), y->coordToPixel(it->value)),
                   QPointF(x->coordToPixel(it->key + 0.3), y->coordToPixel(0)));
        QVERIFY2(!legend.intersects(bar.normalized()),
                 qPrintable(QString("the legend covers the bar of run %1").arg(it->key)));
      }
    }
    QVERIFY2(view.timeAxis()->axisRect()->height() >= 90,
             qPrintable(QString::number(view.timeAxis()->axisRect()->height())));
    // Narrower: fewer labels, still apart, the latest one always named.
    view.resize(360, 420);
    QCoreApplication::processEvents();
    view.plot()->replot();
    labels = view.runLabelRects();
    for (size_t i = 0; i + 1 < labels.size(); ++i) QVERIFY(!labels[i].intersects(labels[i + 1]));
    QCPAxis* runs = view.timeAxis()->axisRect()->axis(QCPAxis::atBottom);
    QVERIFY2(runs->tickVectorLabels().contains("v12"),
             qPrintable(QStringList(runs->tickVectorLabels().toList()).join(",")));
  }
};

}  // namespace tst_measurement_protocol

QTEST_MAIN(tst_measurement_protocol::TestMeasurementProtocol)
#include "tst_measurement_protocol.moc"
