// RooflineView: the measured roofline of this machine. Log-log chart of
// GFLOP/s against operational intensity (flops per byte): the flat ceiling is the peak
// (runtime/MachinePeak.h), the sloped ones the measured bandwidth of L1, L2, L3 and
// DRAM (runtime/MemoryBandwidth.h). Each CPU profile run is a point per memory level at
// its intensity for that level (flops over the bytes the level delivers, from the
// traffic model of the loop nest, analysis/TrafficModel.h) and its measured GFLOP/s;
// the lowest ceiling at or above a run is the one that bounds it (a ceiling the run is
// above is marked as exceeded, never as the bound). Hovering a
// point shows the run and its numbers; clicking selects the run (its points are drawn
// larger and pointActivated is emitted).
//
// A run's intensities are those of the program profiled, which is the document's
// program when the run appears: the view computes them then and keeps them (runs that
// were already there when the view first saw the document have none).
#pragma once

#include <future>
#include <optional>
#include <string>
#include <vector>

#include "runtime/MemoryBandwidth.h"
#include "views/ViewBase.h"

class QCustomPlot;
class QLabel;

namespace tessera::views {

class RooflineView : public ViewBase {
  Q_OBJECT

 public:
  struct Point {
    QString label;
    int version = 0;  // the schedule version profiled (RunHistory id); 0 = unknown
    double gflops = 0;
    std::vector<std::pair<std::string, double>> intensities;  // per level, flops per byte
    // With ceilings: the lowest ceiling at or above the run (runtime/Roofline.h), "" when
    // the run is above all; the levels whose ceiling the run is above.
    std::string bound_by;
    std::vector<std::string> exceeded;
  };

  explicit RooflineView(QWidget* parent = nullptr);
  ~RooflineView() override;
  void setState(const DocumentState& state) override;
  bool exportImage(const QString& path) override;

  // The ceilings to draw (tests give them; otherwise the host's, measured off the GUI
  // thread the first time a run needs them).
  void setCeilings(double peak_gflops, const runtime::MemoryBandwidth& bandwidth);
  bool hasCeilings() const { return ceilings_.has_value(); }
  // Another document replaces this one: its runs go; the next setState() is that of the
  // new document as it was opened (its runs from before have no program here).
  void forgetDocument() override;
  bool waitingForDocument() const { return first_state_; }
  // The line above the chart (what the ceilings are, when and at what load measured).
  QString note() const;

  QCustomPlot* plot() const { return plot_; }
  const std::vector<Point>& points() const { return points_; }
  int selected() const { return selected_; }
  // The hover text of run i.
  QString pointSummary(int i) const;
  // The run whose marker is under the widget position `pos` of the plot, or -1.
  int pointAt(const QPoint& pos) const;
  // Selects run i (a click on its marker): its points are drawn larger, and the
  // version it profiled is requested (versionRequested; the window goes to it).
  void selectPoint(int i);

 signals:
  void pointActivated(int run);

 protected:
  void retranslateUi() override;
  void changeEvent(QEvent* event) override;

 private:
  void redraw();
  void requestHostCeilings();

  QCustomPlot* plot_;
  QLabel* note_;
  std::vector<Point> points_;
  size_t seen_runs_ = 0;
  bool first_state_ = true;
  double state_peak_ = 0;
  int selected_ = -1;
  struct Ceilings {
    double peak_gflops = 0;
    runtime::MemoryBandwidth bandwidth;
  };
  std::optional<Ceilings> ceilings_;
  std::future<void> measuring_;
};

}  // namespace tessera::views
