// ProfileView: QCustomPlot charts of every profile run of the document, one axis per
// chart: GFLOP/s per run (bars, per target) against the machine's peak on top, time per
// run below (the median as a point, its 95% confidence interval as an error bar), the
// legend in a row above them. Runs are labelled by their schedule version, upright, as
// many as fit. A run's speed-up over the target's first run is CompareVersionRuns'
// (RunHistory.h), the rule Compare uses too; one within noise is marked "≈×". Hovering a
// run shows its numbers; clicking it goes back to its version (versionRequested).
#pragma once

#include <QSharedPointer>

#include "views/ViewBase.h"

class QCPAxis;
class QCPAxisTickerText;
class QCPAxisRect;
class QCustomPlot;
class QLabel;

namespace tessera::views {

class ProfileView : public ViewBase {
  Q_OBJECT

 public:
  explicit ProfileView(QWidget* parent = nullptr);
  void setState(const DocumentState& state) override;
  bool exportImage(const QString& path) override;
  QCustomPlot* plot() const { return plot_; }
  QCPAxis* gflopsAxis() const;
  QCPAxis* timeAxis() const;
  int barCount() const { return bars_; }
  // Run i's speed-up over the first run on the same target (first-run time / its
  // time), drawn above its bar; 1 for a target's first run.
  const std::vector<double>& speedups() const { return speedups_; }
  // Whether run i's difference from its target's first run is within the noise of the
  // two measurements (false for a target's first run).
  const std::vector<bool>& withinNoise() const { return noise_; }
  // Run i against its target's first run (verdict unknown for a first run).
  const std::vector<runner::TimingComparison>& comparisons() const { return comparisons_; }
  // The header line above the charts.
  QString note() const;
  // Where the run axis draws its labels, in plot coordinates (after the last replot).
  std::vector<QRect> runLabelRects() const;
  // What a comparison's verdict says, in words ("(within noise: ...)").
  static QString VerdictText(const runner::TimingComparison& c);
  // The hover text of run i (its version, times and speed).
  QString runSummary(int i) const;
  // The run under the widget position `pos` of the plot, or -1.
  int runAt(const QPoint& pos) const;
  // What a click on run i does: asks to go back to its version.
  void activateRun(int i);

 protected:
  void retranslateUi() override;
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void applyPalette();
  void updateRunLabels();
  void hover(const QPoint& pos);

  QCustomPlot* plot_;
  QCPAxisRect* timeRect_;
  QLabel* note_;
  QSharedPointer<QCPAxisTickerText> ticker_;
  int bars_ = 0;
  std::vector<double> speedups_;
  std::vector<bool> noise_;
  std::vector<runner::TimingComparison> comparisons_;
  std::vector<ProfileRecord> runs_;
};

}  // namespace tessera::views
