// The Profile, Roofline and Tune charts in the dark palette (and back in the light one):
// every text on them — legend entries, axis labels, the "≈×" speed-up labels, the peak's
// label — reaches WCAG's 4.5:1 contrast against what it is drawn on, also for a chart
// made before the palette changed.
#include <qcustomplot.h>

#include <QApplication>
#include <QtTest>

#include "Appearance.h"
#include "Evaluation.h"
#include "views/ChartPalette.h"
#include "views/ProfileView.h"
#include "views/RooflineView.h"
#include "views/TuneView.h"

namespace tst_chart_palette {

using namespace tessera;

namespace {

constexpr double kReadable = 4.5;

constexpr const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A", dtype="float32")
B = te.placeholder((64, 64), name="B", dtype="float32")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

views::ProfileRecord Run(const char* label, int version, double median_ms, double spread_ms) {
  views::ProfileRecord r;
  r.label = label;
  r.target = "llvm";
  r.seconds = median_ms / 1e3;
  r.gflops = 2.0 * 64 * 64 * 64 / (median_ms * 1e6);
  r.version = version;
  for (int i = -5; i <= 5; ++i) r.calls.times_ms.push_back(median_ms + spread_ms * i / 5);
  r.min_seconds = (median_ms - spread_ms) / 1e3;
  r.max_seconds = (median_ms + spread_ms) / 1e3;
  return r;
}

runtime::MemoryBandwidth Bandwidth() {
  runtime::MemoryBandwidth b;
  b.threads = 1;
  b.levels = {{"L1", 16384, 400}, {"L2", 262144, 200}, {"DRAM", 67108864, 20}};
  return b;
}

// The texts of `plot` that do not read on their background, with their contrast ("" = none).
QStringList Unreadable(QCustomPlot* plot) {
  plot->replot();
  const QColor background = plot->toPixmap(40, 40).toImage().pixelColor(1, 1);
  QStringList bad;
  auto check = [&](const QString& what, const QColor& color, const QColor& on) {
    double ratio = views::ContrastRatio(color, on);
    if (ratio < kReadable)
      bad << QString("%1: %2 on %3 (%4:1)")
                 .arg(what, color.name(), on.name())
                 .arg(ratio, 0, 'f', 2);
  };
  QCPLegend* legend = plot->legend;
  if (legend->visible())
    for (int i = 0; i < legend->itemCount(); ++i)
      if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
        check("legend " + item->plottable()->name(), item->textColor(), legend->brush().color());
  for (QCPAxisRect* rect : plot->axisRects())
    for (QCPAxis* axis : rect->axes())
      if (axis->visible()) {
        check("ticks of " + axis->label(), axis->tickLabelColor(), background);
        check("axis " + axis->label(), axis->labelColor(), background);
      }
  for (int i = 0; i < plot->itemCount(); ++i)
    if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)); text && text->visible())
      check("label " + text->text(), text->color(), background);
  return bad;
}

struct Charts {
  views::ProfileView profile;
  views::RooflineView roofline;
  views::TuneView tune;

  Charts() {
    views::DocumentState state = gui::Evaluate(kGemm, "gemm.py");
    state.peak_gflops = 50;
    profile.resize(600, 400);
    roofline.resize(600, 400);
    tune.resize(700, 600);
    roofline.setCeilings(50, Bandwidth());
    roofline.setState(state);  // the document as it was opened
    // v2 is within noise of v1 ("≈×"), v3 clearly faster ("×").
    state.profiles = {Run("v1 default", 1, 1.0, 0.05), Run("v2 split", 2, 0.98, 0.3),
                      Run("v3 parallel", 3, 0.25, 0.01)};
    profile.setState(state);
    roofline.setState(state);
    tune.setState(state);
    for (int i = 1; i <= 4; ++i) {
      tune::TuneTrial t;
      t.index = i;
      t.status = i == 3 ? "crash" : "ok";
      t.gflops = i == 3 ? 0 : 2.0 * i;
      t.best_gflops = 2.0 * std::min(i, 2);
      tune.addTrial(t);
    }
  }
  QStringList unreadable() {
    QStringList bad;
    for (auto [name, plot] :
         {std::pair{"Profile", profile.plot()}, std::pair{"Roofline", roofline.plot()},
          std::pair{"Tune", tune.plot()}})
      for (const QString& b : Unreadable(plot)) bad << QString(name) + " " + b;
    return bad;
  }
};

}  // namespace

class TestChartPalette : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { gui::ApplyPalette(gui::PaletteMode::Light); }

  void contrastFollowsWcag() {
    QCOMPARE(views::ContrastRatio(Qt::black, Qt::white), 21.0);
    QCOMPARE(views::ContrastRatio(Qt::gray, Qt::gray), 1.0);
    QColor dark(30, 30, 32);
    QVERIFY(views::ContrastRatio(Qt::red, dark) < kReadable);  // pure red on the dark base
    QColor red = views::ReadableOn(Qt::red, dark);
    QVERIFY(views::ContrastRatio(red, dark) >= kReadable);
    QVERIFY(red.red() > red.green());                                      // still a red
    QCOMPARE(views::ReadableOn(Qt::black, Qt::white), QColor(Qt::black));  // already readable
  }

  void chartsMadeInTheLightPaletteReadInTheDarkOne() {
    gui::ApplyPalette(gui::PaletteMode::Light);
    Charts charts;
    QVERIFY2(charts.unreadable().isEmpty(), qPrintable(charts.unreadable().join('\n')));
    bool muted = false;  // the "≈×" label is there, drawn apart from the "×" ones
    for (int i = 0; i < charts.profile.plot()->itemCount(); ++i)
      if (auto* t = qobject_cast<QCPItemText*>(charts.profile.plot()->item(i)))
        muted = muted || t->text().startsWith(QStringLiteral("≈×"));
    QVERIFY(muted);
    gui::ApplyPalette(gui::PaletteMode::Dark);
    QCoreApplication::processEvents();
    QVERIFY(charts.profile.plot()->toPixmap(40, 40).toImage().pixelColor(1, 1).lightness() < 80);
    QVERIFY2(charts.unreadable().isEmpty(), qPrintable(charts.unreadable().join('\n')));
    gui::ApplyPalette(gui::PaletteMode::Light);
    QCoreApplication::processEvents();
    QVERIFY2(charts.unreadable().isEmpty(), qPrintable(charts.unreadable().join('\n')));
  }

  void chartsMadeInTheDarkPaletteReadInIt() {
    gui::ApplyPalette(gui::PaletteMode::Dark);
    Charts charts;
    QVERIFY(charts.roofline.plot()->toPixmap(40, 40).toImage().pixelColor(1, 1).lightness() < 80);
    QVERIFY2(charts.unreadable().isEmpty(), qPrintable(charts.unreadable().join('\n')));
  }
};

}  // namespace tst_chart_palette

QTEST_MAIN(tst_chart_palette::TestChartPalette)
#include "tst_chart_palette.moc"
