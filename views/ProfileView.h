// ProfileView: QCustomPlot charts of every profile run of the document: GFLOP/s per
// schedule version (bars, per target) against the machine's peak, and time per run.
#pragma once

#include "views/ViewBase.h"

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
  int barCount() const { return bars_; }
  // Run i's speed-up over the first run on the same target (first-run time / its
  // time), drawn above its bar; 1 for a target's first run.
  const std::vector<double>& speedups() const { return speedups_; }

 protected:
  void retranslateUi() override;

 private:
  QCustomPlot* plot_;
  QLabel* note_;
  int bars_ = 0;
  std::vector<double> speedups_;
};

}  // namespace tessera::views
