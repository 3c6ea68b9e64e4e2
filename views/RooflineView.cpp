#include "views/RooflineView.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QPointer>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "analysis/TrafficModel.h"
#include "runtime/MachinePeak.h"
#include "runtime/Roofline.h"
#include "views/ChartPalette.h"

namespace tessera::views {

namespace {

constexpr double kMinIntensity = 1.0 / 64, kMaxIntensity = 1024;

QColor LevelColor(const std::string& level) {
  if (level == "L1") return QColor(76, 175, 80);
  if (level == "L2") return QColor(190, 165, 30);
  if (level == "L3") return QColor(240, 140, 40);
  return QColor(220, 60, 50);
}

QCPScatterStyle::ScatterShape LevelShape(const std::string& level) {
  if (level == "L1") return QCPScatterStyle::ssCircle;
  if (level == "L2") return QCPScatterStyle::ssSquare;
  if (level == "L3") return QCPScatterStyle::ssDiamond;
  return QCPScatterStyle::ssTriangle;
}

}  // namespace

RooflineView::RooflineView(QWidget* parent)
    : ViewBase(parent), plot_(new QCustomPlot(this)), note_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(note_);
  layout->addWidget(plot_, 1);
  note_->setWordWrap(true);
  QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(ticker);
    axis->setNumberFormat("gb");
    axis->setNumberPrecision(0);
  }
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  plot_->setMinimumHeight(160);
  plot_->setMouseTracking(true);
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    int i = pointAt(e->pos());
    if (i >= 0) {
      QToolTip::showText(plot_->mapToGlobal(e->pos()), pointSummary(i), plot_);
      emit statusMessage(pointSummary(i).section('\n', 0, 0));
    } else {
      QToolTip::hideText();
    }
  });
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (int i = pointAt(e->pos()); i >= 0) selectPoint(i);
  });
  retranslateUi();
  redraw();
}

RooflineView::~RooflineView() {
  if (measuring_.valid()) measuring_.wait();
}

void RooflineView::retranslateUi() {
  plot_->xAxis->setLabel(tr("operational intensity (flop/byte)"));
  plot_->yAxis->setLabel(tr("GFLOP/s"));
}

void RooflineView::setCeilings(double peak_gflops, const runtime::MemoryBandwidth& bandwidth) {
  ceilings_ = Ceilings{peak_gflops, bandwidth};
  redraw();
}

void RooflineView::requestHostCeilings() {
  if (ceilings_ || measuring_.valid()) return;
  note_->setText(tr("Measuring the bandwidth of each memory level (once per machine)…"));
  QPointer<RooflineView> self(this);
  measuring_ = std::async(std::launch::async, [self] {
    const runtime::MemoryBandwidth& bw = runtime::HostMemoryBandwidth();
    double peak = runtime::HostMachinePeak().PeakGflops(0);
    QMetaObject::invokeMethod(
        qApp,
        [self, bw, peak] {
          if (self && !self->ceilings_) self->setCeilings(peak, bw);
        },
        Qt::QueuedConnection);
  });
}

void RooflineView::forgetDocument() {
  points_.clear();
  selected_ = -1;
  seen_runs_ = 0;
  first_state_ = true;
  redraw();
}

QString RooflineView::note() const { return note_->text(); }

void RooflineView::setState(const DocumentState& state) {
  state_peak_ = state.peak_gflops;
  if (first_state_ || state.profiles.size() < seen_runs_) {
    // Runs from before (a loaded document): their programs are not known here.
    first_state_ = false;
    seen_runs_ = state.profiles.size();
    points_.clear();
    selected_ = -1;
  }
  std::optional<analysis::TrafficEstimate> traffic;
  for (size_t i = seen_runs_; i < state.profiles.size(); ++i) {
    const ProfileRecord& r = state.profiles[i];
    if (r.target != "llvm" || !state.lowered.defined()) continue;
    if (!traffic) {
      const analysis::CacheHierarchy& caches = analysis::HostCacheHierarchy();
      analysis::FootprintOptions options;
      options.line_size = caches.line_bytes;
      traffic = analysis::EstimateTraffic(state.lowered, caches, options);
      if (!traffic) break;
    }
    Point p;
    p.label = QString::fromStdString(r.label);
    p.version = r.version;
    p.gflops = r.gflops;
    double flops = r.gflops * 1e9 * r.seconds;
    for (const analysis::LevelTraffic& t : traffic->levels)
      if (t.bytes > 0) p.intensities.emplace_back(t.level, flops / t.bytes);
    points_.push_back(std::move(p));
  }
  seen_runs_ = state.profiles.size();
  if (!points_.empty()) requestHostCeilings();
  redraw();
}

QString RooflineView::pointSummary(int i) const {
  if (i < 0 || size_t(i) >= points_.size()) return QString();
  const Point& p = points_[size_t(i)];
  QString text = tr("%1: %2 GFLOP/s").arg(p.label).arg(p.gflops, 0, 'f', 2);
  for (const auto& [level, intensity] : p.intensities)
    text +=
        "\n" + tr("%1: %2 flop/byte").arg(QString::fromStdString(level)).arg(intensity, 0, 'g', 3);
  for (const std::string& level : p.exceeded)
    text += "\n" + tr("above the %1 ceiling: %1 delivered fewer bytes than the model counts "
                      "(reuse in registers) or was measured low")
                       .arg(QString::fromStdString(level));
  if (!p.bound_by.empty())
    text += "\n" + tr("bound by %1").arg(QString::fromStdString(p.bound_by));
  else if (ceilings_)
    text += "\n" + tr("above every ceiling: the ceilings were measured low");
  return text;
}

int RooflineView::pointAt(const QPoint& pos) const {
  int best = -1;
  double bestDistance = 8.0;  // pixels
  for (size_t i = 0; i < points_.size(); ++i)
    for (const auto& [level, intensity] : points_[i].intensities) {
      double x = plot_->xAxis->coordToPixel(intensity),
             y = plot_->yAxis->coordToPixel(points_[i].gflops);
      double d = std::hypot(x - pos.x(), y - pos.y());
      if (d < bestDistance) {
        bestDistance = d;
        best = int(i);
      }
    }
  return best;
}

void RooflineView::selectPoint(int i) {
  if (i < 0 || size_t(i) >= points_.size()) return;
  selected_ = i;
  redraw();
  emit statusMessage(pointSummary(i).replace('\n', "; "));
  emit pointActivated(i);
  if (int version = points_[size_t(i)].version) emit versionRequested(version);
}

// The chart follows the palette (the dark one too): redrawn in its colours.
void RooflineView::changeEvent(QEvent* event) {
  ViewBase::changeEvent(event);
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
    redraw();
}

void RooflineView::redraw() {
  plot_->clearPlottables();
  plot_->clearItems();
  ApplyChartPalette(plot_, palette());
  QColor text = palette().color(QPalette::Text);
  double peak = ceilings_ ? ceilings_->peak_gflops : state_peak_;
  double top = std::max(1.0, peak);
  // Each run's "bound by": the lowest ceiling at or above it at its intensities.
  if (ceilings_)
    for (Point& p : points_) {
      double flops = p.gflops * 1e9;  // in one second
      analysis::TrafficEstimate t;
      for (const auto& [level, intensity] : p.intensities)
        t.levels.push_back({level, flops / intensity});
      runtime::RooflinePoint r =
          runtime::MakeRooflinePoint(flops, 1.0, t, ceilings_->bandwidth, peak);
      p.bound_by = r.bound_by;
      p.exceeded.clear();
      for (const runtime::RooflineLevel& l : r.levels)
        if (l.exceeded) p.exceeded.push_back(l.level);
    }
  if (ceilings_) {
    for (const runtime::LevelBandwidth& l : ceilings_->bandwidth.levels) {
      auto* g = plot_->addGraph();
      g->setName(tr("%1 %2 GB/s").arg(QString::fromStdString(l.level)).arg(l.gbps, 0, 'f', 0));
      g->setPen(QPen(LevelColor(l.level), 1.5));
      // bandwidth x intensity up to the ridge point, then the peak.
      double ridge = peak > 0 ? peak / l.gbps : kMaxIntensity;
      ridge = std::clamp(ridge, kMinIntensity, kMaxIntensity);
      g->addData(kMinIntensity, l.gbps * kMinIntensity);
      g->addData(ridge, l.gbps * ridge);
      if (peak > 0) g->addData(kMaxIntensity, peak);
      top = std::max(top, peak > 0 ? peak : l.gbps * kMaxIntensity);
    }
  }
  if (peak > 0) {
    auto* line = new QCPItemStraightLine(plot_);
    line->point1->setCoords(kMinIntensity, peak);
    line->point2->setCoords(kMaxIntensity, peak);
    line->setPen(QPen(text, 1, Qt::DashLine));
  }
  std::vector<std::string> levels;
  for (const Point& p : points_)
    for (const auto& [level, intensity] : p.intensities)
      if (std::find(levels.begin(), levels.end(), level) == levels.end()) levels.push_back(level);
  for (const std::string& level : levels) {
    auto* g = plot_->addGraph();
    g->setName(tr("runs at %1 intensity").arg(QString::fromStdString(level)));
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(LevelShape(level), LevelColor(level), LevelColor(level), 7));
    for (size_t i = 0; i < points_.size(); ++i)
      for (const auto& [l, intensity] : points_[i].intensities)
        if (l == level) g->addData(intensity, points_[i].gflops);
  }
  if (selected_ >= 0 && size_t(selected_) < points_.size()) {
    auto* g = plot_->addGraph();
    g->setName(tr("selected: %1").arg(points_[size_t(selected_)].label));
    g->setLineStyle(QCPGraph::lsLine);
    g->setPen(QPen(text, 1, Qt::DotLine));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(text, 2), Qt::NoBrush, 13));
    for (const auto& [l, intensity] : points_[size_t(selected_)].intensities)
      g->addData(intensity, points_[size_t(selected_)].gflops);
  }
  plot_->xAxis->setRange(kMinIntensity, kMaxIntensity);
  plot_->yAxis->setRange(0.01, top * 2);
  QString ceilings;
  if (ceilings_) {
    const runtime::MemoryBandwidth& bw = ceilings_->bandwidth;
    ceilings =
        tr("Ceilings: peak %1 GFLOP/s; %2, %3.")
            .arg(peak, 0, 'f', 1)
            .arg(QString::fromStdString(bw.Describe()), QString::fromStdString(bw.Provenance()));
    if (!bw.problem.empty())
      ceilings += " " + tr("Not trusted: %1, also when measured again (the machine is busy?).")
                            .arg(QString::fromStdString(bw.problem));
  }
  if (points_.empty())
    note_->setText(tr("Profile the kernel on the CPU: each run appears at its intensity for every "
                      "memory level.") +
                   (ceilings.isEmpty() ? QString() : "\n" + ceilings));
  else if (ceilings_ || !measuring_.valid())
    note_->setText(ceilings);
  plot_->replot();
}

bool RooflineView::exportImage(const QString& path) {
  if (path.endsWith(".svg", Qt::CaseInsensitive)) return ViewBase::exportImage(path);
  return plot_->savePng(path, 0, 0, 2.0);
}

}  // namespace tessera::views
