#include "views/ProfileView.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QVBoxLayout>
#include <map>

namespace tessera::views {
namespace {

// The first run of a target is the baseline of that target's later runs.
double Speedup(const std::vector<ProfileRecord>& runs, size_t i) {
  for (size_t first = 0; first < i; ++first)
    if (runs[first].target == runs[i].target && runs[i].seconds > 0)
      return runs[first].seconds / runs[i].seconds;
  return 1.0;
}

}  // namespace

ProfileView::ProfileView(QWidget* parent)
    : ViewBase(parent), plot_(new QCustomPlot(this)), note_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(note_);
  layout->addWidget(plot_, 1);
  note_->setWordWrap(true);
  retranslateUi();
  plot_->yAxis2->setVisible(true);
  plot_->legend->setVisible(true);
  plot_->setMinimumHeight(120);
}

void ProfileView::retranslateUi() {
  plot_->yAxis->setLabel(tr("GFLOP/s"));
  plot_->yAxis2->setLabel(tr("time (ms)"));
}

// Bars: GFLOP/s per run, one colour per target; dots on the right axis: time in ms;
// a dashed line: the machine's peak.
void ProfileView::setState(const DocumentState& state) {
  plot_->clearPlottables();
  plot_->clearItems();
  bars_ = 0;
  speedups_.clear();
  note_->setText(state.profiles.empty() ? tr("No profile yet: Run ▸ Profile measures the "
                                             "current schedule.")
                                        : tr("%n profile run(s)", "", int(state.profiles.size())));
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  std::map<std::string, QCPBars*> byTarget;
  auto* times = new QCPGraph(plot_->xAxis, plot_->yAxis2);
  times->setName(tr("time (ms)"));
  times->setLineStyle(QCPGraph::lsLine);
  times->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
  double maxG = state.peak_gflops, maxT = 0;
  for (size_t i = 0; i < state.profiles.size(); ++i) {
    const ProfileRecord& r = state.profiles[i];
    QCPBars*& bars = byTarget[r.target];
    if (!bars) {
      bars = new QCPBars(plot_->xAxis, plot_->yAxis);
      bars->setName(QString::fromStdString(r.target) + " GFLOP/s");
      bars->setBrush(r.target == "cuda" ? QColor(118, 185, 0, 180) : QColor(70, 110, 220, 180));
      bars->setWidth(0.6);
    }
    bars->addData(double(i + 1), r.gflops);
    ++bars_;
    times->addData(double(i + 1), r.seconds * 1e3);
    ticker->addTick(double(i + 1), QString::fromStdString(r.label));
    maxG = std::max(maxG, r.gflops);
    speedups_.push_back(Speedup(state.profiles, i));
    if (i > 0) {
      auto* label = new QCPItemText(plot_);
      label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
      label->position->setCoords(double(i + 1), r.gflops);
      label->setText(QString("×%1").arg(speedups_.back(), 0, 'f', 2));
      label->setColor(plot_->xAxis->tickLabelColor());
    }
    maxT = std::max(maxT, r.seconds * 1e3);
  }
  if (speedups_.size() > 1)
    note_->setText(note_->text() + " · " +
                   tr("latest run: ×%1 the speed of the first").arg(speedups_.back(), 0, 'f', 2));
  if (state.peak_gflops > 0) {
    auto* peak = new QCPItemStraightLine(plot_);
    peak->point1->setCoords(0, state.peak_gflops);
    peak->point2->setCoords(1, state.peak_gflops);
    peak->setPen(QPen(Qt::red, 1.5, Qt::DashLine));
    auto* label = new QCPItemText(plot_);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(0.02, state.peak_gflops);
    label->setText(tr("machine peak (estimate): %1 GFLOP/s").arg(state.peak_gflops, 0, 'f', 0));
    label->setColor(Qt::red);
  }
  plot_->xAxis->setTicker(ticker);
  plot_->xAxis->setTickLabelRotation(state.profiles.size() > 4 ? 30 : 0);
  plot_->xAxis->setRange(0.3, double(state.profiles.size()) + 0.7);
  plot_->yAxis->setRange(0, std::max(1.0, maxG * 1.15));
  plot_->yAxis2->setRange(0, std::max(1.0, maxT * 1.15));
  plot_->replot();
}

bool ProfileView::exportImage(const QString& path) {
  if (path.endsWith(".svg", Qt::CaseInsensitive)) return ViewBase::exportImage(path);
  return plot_->savePng(path, 0, 0, 2.0);
}

}  // namespace tessera::views
