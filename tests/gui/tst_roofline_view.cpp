// The Roofline view with fixed ceilings (peak 100 GFLOP/s; L1 400, L2 200,
// L3 100, DRAM 20 GB/s) so that the numbers hold on every machine: a profile run of a
// GEMM is a point per memory level at its intensity, hovering names the run, a click on
// its marker selects it and asks for its version; in the main window the Roofline dock
// sits with the Profile dock and a click there goes back to the version profiled.
#include <qcustomplot.h>

#include <QDockWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "Evaluation.h"
#include "Examples.h"
#include "InstrumentPanels.h"
#include "MainWindow.h"
#include "views/RooflineView.h"

namespace tst_roofline_view {

using namespace tessera;

namespace {

constexpr const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((128, 128), name="A", dtype="float32")
B = te.placeholder((128, 128), name="B", dtype="float32")
k = te.reduce_axis((0, 128), name="k")
C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

runtime::MemoryBandwidth TestBandwidth() {
  runtime::MemoryBandwidth b;
  b.threads = 1;
  b.levels = {
      {"L1", 16384, 400}, {"L2", 262144, 200}, {"L3", 4194304, 100}, {"DRAM", 67108864, 20}};
  return b;
}

// 2 * 128^3 flops in 1 ms: 4.194 GFLOP/s.
views::ProfileRecord Run(int version) {
  views::ProfileRecord r;
  r.label = "v" + std::to_string(version) + " gemm";
  r.target = "llvm";
  r.seconds = 1e-3;
  r.gflops = 2.0 * 128 * 128 * 128 / 1e-3 / 1e9;
  r.version = version;
  return r;
}

}  // namespace

class TestRooflineView : public QObject {
  Q_OBJECT

 private slots:
  void aProfileRunIsAPointPerMemoryLevel() {
    views::RooflineView view;
    view.resize(800, 500);
    view.setCeilings(100, TestBandwidth());
    views::DocumentState state = gui::Evaluate(kGemm, "gemm.py");
    QVERIFY(state.lowered.defined());
    view.setState(state);  // the document as it was opened: no runs
    QVERIFY(view.points().empty());
    state.profiles.push_back(Run(1));
    view.setState(state);
    QCOMPARE(int(view.points().size()), 1);
    const views::RooflineView::Point& p = view.points()[0];
    QCOMPARE(p.version, 1);
    QVERIFY(std::abs(p.gflops - 4.194304) < 1e-6);
    std::vector<std::string> levels;
    for (const auto& [level, intensity] : p.intensities) {
      levels.push_back(level);
      QVERIFY(intensity > 0);
    }
    QVERIFY(std::find(levels.begin(), levels.end(), "L1") != levels.end());
    QVERIFY(std::find(levels.begin(), levels.end(), "DRAM") != levels.end());
    // Deeper levels deliver fewer bytes: the intensity grows outwards.
    QVERIFY(p.intensities.front().second <= p.intensities.back().second);
    QVERIFY(!p.bound_by.empty());
    QString summary = view.pointSummary(0);
    QVERIFY2(summary.contains("v1 gemm") && summary.contains("4.19 GFLOP/s") &&
                 summary.contains("bound by"),
             qPrintable(summary));
    QVERIFY(view.pointSummary(5).isEmpty());
    // Ceilings: one sloped line per level (4) plus the run's points per level.
    QVERIFY(view.plot()->graphCount() >= 4 + int(levels.size()));
  }

  void clickingAPointSelectsTheRunAndAsksForItsVersion() {
    views::RooflineView view;
    view.resize(800, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCeilings(100, TestBandwidth());
    views::DocumentState state = gui::Evaluate(kGemm, "gemm.py");
    view.setState(state);
    state.profiles.push_back(Run(3));
    view.setState(state);
    view.plot()->replot();
    const auto& [level, intensity] = view.points()[0].intensities.back();
    QPoint at(int(view.plot()->xAxis->coordToPixel(intensity)),
              int(view.plot()->yAxis->coordToPixel(view.points()[0].gflops)));
    QCOMPARE(view.pointAt(at), 0);
    QCOMPARE(view.pointAt(at + QPoint(40, 40)), -1);
    QSignalSpy activated(&view, &views::RooflineView::pointActivated);
    QSignalSpy version(&view, &views::ViewBase::versionRequested);
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, at);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(view.selected(), 0);
    QCOMPARE(version.count(), 1);
    QCOMPARE(version.first().first().toInt(), 3);
  }

  // On every shipped example, at any measured speed, a run is at or under the ceiling
  // it is said to be bound by, above every ceiling marked exceeded, and under the others.
  void aRunIsNeverAboveTheCeilingItIsBoundBy() {
    const runtime::MemoryBandwidth bw = TestBandwidth();
    const double peak = 100;
    int examples = 0;
    for (const QString& file : gui::ExampleFiles()) {
      QFile f(file);
      QVERIFY(f.open(QIODevice::ReadOnly));
      views::DocumentState state = gui::Evaluate(f.readAll().toStdString(), file.toStdString());
      if (!state.lowered.defined()) continue;
      views::RooflineView view;
      view.setCeilings(peak, bw);
      view.setState(state);
      const double speeds[] = {1e-3, 0.5, 3, 12, 40, 99, 250, 1e4};
      for (double gflops : speeds) {
        views::ProfileRecord r = Run(1);
        r.gflops = gflops;
        state.profiles.push_back(r);
      }
      view.setState(state);
      if (view.points().empty()) continue;  // symbolic shapes: no traffic estimate
      ++examples;
      QCOMPARE(view.points().size(), std::size(speeds));
      for (const views::RooflineView::Point& p : view.points()) {
        auto ceiling = [&](const std::string& level) {
          if (level == "compute") return peak;
          for (const auto& [l, intensity] : p.intensities)
            if (l == level) return std::min(peak, bw.gbps(l).value_or(0) * intensity);
          return 0.0;
        };
        QString where =
            QFileInfo(file).fileName() + " at " + QString::number(p.gflops) + " GFLOP/s";
        if (p.bound_by.empty()) {
          QVERIFY2(p.gflops > peak, qPrintable(where));
        } else {
          QVERIFY2(p.gflops <= ceiling(p.bound_by) * (1 + 1e-9),
                   qPrintable(where + " bound by " + QString::fromStdString(p.bound_by)));
        }
        for (const auto& [level, intensity] : p.intensities) {
          bool exceeded =
              std::find(p.exceeded.begin(), p.exceeded.end(), level) != p.exceeded.end();
          QVERIFY2(exceeded == (p.gflops > ceiling(level) * (1 + 1e-9)),
                   qPrintable(where + " " + QString::fromStdString(level)));
        }
      }
    }
    QVERIFY2(examples >= 10, qPrintable(QString::number(examples)));
  }

  // The chart says when and at what load its ceilings were measured, and when they are
  // not to be trusted.
  void theCeilingsSayWhenTheyWereMeasured() {
    views::RooflineView view;
    runtime::MemoryBandwidth bw = TestBandwidth();
    bw.measured_at = "2026-11-29 06:20";
    bw.load = 0.1;
    view.setCeilings(100, bw);
    QVERIFY2(view.note().contains("2026-11-29 06:20 UTC") && view.note().contains("load 0.10"),
             qPrintable(view.note()));
    QVERIFY(!view.note().contains("Not trusted"));
    bw.problem = "L1 11 GB/s is slower than L2 17 GB/s";
    view.setCeilings(100, bw);
    QVERIFY2(view.note().contains("Not trusted: L1 11 GB/s is slower than L2 17 GB/s"),
             qPrintable(view.note()));
  }

  // The runs of one document are not drawn over the next one's (a click on one asked
  // for a version the new document does not have).
  void anotherDocumentStartsWithoutTheLastOnesRuns() {
    QTemporaryDir dir;
    QString other = dir.filePath("other.py");
    QVERIFY(QFile::copy(gui::ExamplePath("softmax.py"), other));
    gui::MainWindow window;
    window.setInteractive(false);
    auto* panels = window.findChild<gui::InstrumentPanels*>();
    panels->roofline()->setCeilings(100, TestBandwidth());
    window.document()->reset(QString(kGemm), "gemm.py");
    window.document()->addProfile(Run(window.document()->recordVersion()));
    QCOMPARE(int(panels->roofline()->points().size()), 1);
    QVERIFY(window.openFile(other).ok());
    QVERIFY(panels->roofline()->points().empty());
    views::ProfileRecord r = Run(window.document()->recordVersion());
    window.document()->addProfile(r);
    QCOMPARE(int(panels->roofline()->points().size()), 1);
    QCOMPARE(panels->roofline()->points()[0].version, r.version);
  }

  void theMainWindowHasARooflineDockThatGoesToTheVersion() {
    gui::MainWindow window;
    window.setInteractive(false);
    auto* panels = window.findChild<gui::InstrumentPanels*>();
    QVERIFY(panels);
    QDockWidget* dock = window.dock("RooflineDock");
    QVERIFY(dock);
    QCOMPARE(dock->widget(), panels->roofline());
    QVERIFY(window.tabifiedDockWidgets(window.dock("ProfileDock")).contains(dock));
    panels->roofline()->setCeilings(100, TestBandwidth());
    window.document()->reset(QString(kGemm), "gemm.py");
    int v1 = window.document()->recordVersion();
    views::ProfileRecord first = Run(v1);
    window.document()->addProfile(first);
    QCOMPARE(int(panels->roofline()->points().size()), 1);
    // A second version, profiled too; then the first run's point takes the window back.
    QVERIFY(window.applyIntent(views::Intent{"split", "C", {"i"}, {{"factor", 16}}}));
    QString tiled = window.document()->text();
    int v2 = window.document()->recordVersion();
    window.document()->addProfile(Run(v2));
    QCOMPARE(int(panels->roofline()->points().size()), 2);
    panels->roofline()->selectPoint(0);
    QVERIFY(window.document()->text() != tiled);
    QVERIFY(!window.document()->text().contains("split"));
  }
};

}  // namespace tst_roofline_view

QTEST_MAIN(tst_roofline_view::TestRooflineView)
#include "tst_roofline_view.moc"
