#include "views/ProfileView.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QResizeEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <map>

#include "views/ChartPalette.h"

namespace tessera::views {
namespace {

// The first run of a target is the baseline of that target's later runs.
int Baseline(const std::vector<ProfileRecord>& runs, size_t i) {
  for (size_t first = 0; first < i; ++first)
    if (runs[first].target == runs[i].target) return int(first);
  return -1;
}

VersionRun Timing(const ProfileRecord& p) { return {p.version, p.seconds * 1e3, &p.calls}; }

QString Ms(double seconds) { return QString::number(seconds * 1e3, 'f', 3); }

// The run axis names a run by its version only ("v3"); the hover has the rest.
QString ShortLabel(const ProfileRecord& r) {
  return QString::fromStdString(r.label).section(' ', 0, 0);
}

}  // namespace

ProfileView::ProfileView(QWidget* parent)
    : ViewBase(parent),
      plot_(new QCustomPlot(this)),
      timeRect_(new QCPAxisRect(plot_)),
      note_(new QLabel(this)),
      ticker_(new QCPAxisTickerText) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(note_);
  layout->addWidget(plot_, 1);
  note_->setWordWrap(true);
  // Two charts, one value axis each, sharing the run axis and its left margin.
  plot_->plotLayout()->addElement(1, 0, timeRect_);
  auto* margins = new QCPMarginGroup(plot_);
  plot_->axisRect(0)->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
  timeRect_->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
  // The legend gets a row of its own above the charts, so it never covers a bar.
  plot_->legend->setVisible(true);
  plot_->axisRect(0)->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, plot_->legend);
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setMargins(QMargins(4, 2, 4, 2));
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  plot_->plotLayout()->setRowStretchFactor(1, 3);
  plot_->plotLayout()->setRowStretchFactor(2, 2);
  // Each chart tall enough to read its axis (a few ticks and their labels).
  plot_->axisRect(0)->setMinimumSize(0, 120);
  timeRect_->setMinimumSize(0, 100);
  plot_->setMinimumHeight(300);
  plot_->setMouseTracking(true);
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) { hover(e->pos()); });
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (int i = runAt(e->pos()); i >= 0) activateRun(i);
  });
  retranslateUi();
  applyPalette();
}

QCPAxis* ProfileView::gflopsAxis() const { return plot_->axisRect(0)->axis(QCPAxis::atLeft); }
QCPAxis* ProfileView::timeAxis() const { return timeRect_->axis(QCPAxis::atLeft); }

void ProfileView::retranslateUi() {
  gflopsAxis()->setLabel(tr("GFLOP/s"));
  timeAxis()->setLabel(tr("time (ms)"));
}

// Text and lines in the palette's colours, so that the charts follow the dark palette;
// a speed-up within noise ("≈×") muted but readable.
void ProfileView::applyPalette() {
  ApplyChartPalette(plot_, palette());
  const QColor base = palette().color(QPalette::Base);
  for (int i = 0; i < plot_->itemCount(); ++i) {
    QCPAbstractItem* item = plot_->item(i);
    if (item->objectName() == "peakLine")
      static_cast<QCPItemStraightLine*>(item)->setPen(
          QPen(ReadableOn(Qt::red, base, 3.0), 1.5, Qt::DashLine));
    else if (auto* label = qobject_cast<QCPItemText*>(item))
      label->setColor(label->objectName() == "peakLabel" ? ReadableOn(Qt::red, base)
                      : label->text().startsWith(QStringLiteral("≈"))
                          ? MutedText(palette())
                          : palette().color(QPalette::Text));
  }
}

void ProfileView::changeEvent(QEvent* event) {
  ViewBase::changeEvent(event);
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
    applyPalette();
    plot_->replot();
  }
}

void ProfileView::setState(const DocumentState& state) {
  plot_->clearPlottables();
  plot_->clearItems();
  bars_ = 0;
  speedups_.clear();
  noise_.clear();
  comparisons_.clear();
  runs_ = state.profiles;
  applyPalette();
  QCPAxis* x = plot_->axisRect(0)->axis(QCPAxis::atBottom);
  QCPAxis* tx = timeRect_->axis(QCPAxis::atBottom);
  QColor text = palette().color(QPalette::Text);
  std::map<std::string, QCPBars*> byTarget;
  auto* times = new QCPGraph(tx, timeAxis());
  times->setName(tr("median time (ms)"));
  times->setLineStyle(QCPGraph::lsNone);
  times->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, text, 6));
  auto* spread = new QCPErrorBars(tx, timeAxis());
  spread->setName(tr("95% interval of the median"));
  spread->setDataPlottable(times);
  spread->setPen(QPen(text));
  double maxG = state.peak_gflops, maxT = 0;
  for (size_t i = 0; i < runs_.size(); ++i) {
    const ProfileRecord& r = runs_[i];
    QCPBars*& bars = byTarget[r.target];
    if (!bars) {
      bars = new QCPBars(x, gflopsAxis());
      bars->setName(QString::fromStdString(r.target) + " GFLOP/s");
      bars->setBrush(r.target == "cuda" ? QColor(118, 185, 0, 180) : QColor(70, 110, 220, 180));
      bars->setWidth(0.6);
    }
    double key = double(i + 1);
    bars->addData(key, r.gflops);
    ++bars_;
    // The spread is the median's interval from the calls; older projects kept only the
    // fastest and slowest call.
    runner::MedianInterval interval = r.calls.interval();
    double lo = interval.known() ? interval.low : (r.min_seconds > 0 ? r.min_seconds * 1e3 : 0);
    double hi = interval.known() ? interval.high : (r.max_seconds > 0 ? r.max_seconds * 1e3 : 0);
    const double median = r.seconds * 1e3;
    if (lo <= 0) lo = median;
    if (hi <= 0) hi = median;
    times->addData(key, median);
    spread->addData(std::max(0.0, median - lo), std::max(0.0, hi - median));
    maxG = std::max(maxG, r.gflops);
    maxT = std::max(maxT, hi);
    int first = Baseline(runs_, i);
    runner::TimingComparison c;
    if (first >= 0) c = CompareVersionRuns(Timing(runs_[size_t(first)]), Timing(r));
    comparisons_.push_back(c);
    speedups_.push_back(first >= 0 && c.speedup > 0 ? c.speedup : 1.0);
    noise_.push_back(first >= 0 && c.withinNoise());
    if (first < 0) continue;
    auto* label = new QCPItemText(plot_);
    label->setClipAxisRect(plot_->axisRect(0));
    label->position->setAxes(x, gflopsAxis());
    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    label->position->setCoords(key, r.gflops);
    label->setText(noise_.back() ? QString("≈×%1").arg(speedups_.back(), 0, 'f', 2)
                                 : QString("×%1").arg(speedups_.back(), 0, 'f', 2));
    label->setColor(noise_.back() ? MutedText(palette()) : text);
  }
  QString note = runs_.empty() ? tr("No profile yet: Run ▸ Profile measures the current schedule.")
                               : tr("%n profile run(s)", "", int(runs_.size()));
  if (speedups_.size() > 1 && Baseline(runs_, runs_.size() - 1) >= 0) {
    note += " · " + tr("latest: ×%1 the speed of the first").arg(speedups_.back(), 0, 'f', 2);
    note += " " + VerdictText(comparisons_.back());
  }
  if (!runs_.empty())
    note += " · " + tr("hover a run for its numbers, click it to show its schedule");
  note_->setText(note);
  if (state.peak_gflops > 0) {
    auto* peak = new QCPItemStraightLine(plot_);
    peak->setClipAxisRect(plot_->axisRect(0));
    peak->point1->setAxes(x, gflopsAxis());
    peak->point2->setAxes(x, gflopsAxis());
    peak->point1->setCoords(0, state.peak_gflops);
    peak->point2->setCoords(1, state.peak_gflops);
    peak->setObjectName("peakLine");
    auto* label = new QCPItemText(plot_);
    label->setObjectName("peakLabel");
    label->setClipAxisRect(plot_->axisRect(0));
    label->position->setAxes(x, gflopsAxis());
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->position->setAxisRect(plot_->axisRect(0));
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(0.02, state.peak_gflops);
    label->setText(tr("machine peak (estimate): %1 GFLOP/s").arg(state.peak_gflops, 0, 'f', 0));
    applyPalette();  // the peak's red as readable as the palette allows
  }
  for (QCPAxis* axis : {x, tx}) {
    axis->setTicker(ticker_);
    axis->setTickLabelRotation(0);
    axis->setRange(0.3, double(runs_.size()) + 0.7);
  }
  x->setTickLabels(false);  // the labels are under the lower chart
  gflopsAxis()->setRange(0, std::max(1.0, maxG * 1.15));
  timeAxis()->setRange(0, std::max(1e-3, maxT * 1.15));
  updateRunLabels();
}

// Upright version labels, as many as fit side by side: every k-th run when the runs are
// narrower than their labels (the hover names every run).
void ProfileView::updateRunLabels() {
  plot_->replot();  // lays out the charts: their width is known from here on
  QFontMetrics metrics(timeRect_->axis(QCPAxis::atBottom)->tickLabelFont());
  int widest = 0;
  for (const ProfileRecord& r : runs_)
    widest = std::max(widest, metrics.horizontalAdvance(ShortLabel(r)));
  const double slot =
      runs_.empty() ? 1.0 : double(std::max(1, timeRect_->width())) / (double(runs_.size()) + 0.4);
  const size_t step =
      std::max<size_t>(1, size_t(std::ceil((widest + metrics.averageCharWidth() * 2) / slot)));
  // Counted back from the latest run, which is always labelled.
  QMap<double, QString> ticks;
  for (size_t i = 0; i < runs_.size(); ++i)
    if ((runs_.size() - 1 - i) % step == 0) ticks.insert(double(i + 1), ShortLabel(runs_[i]));
  ticker_->setTicks(ticks);
  plot_->replot();
}

void ProfileView::resizeEvent(QResizeEvent* event) {
  ViewBase::resizeEvent(event);
  if (!runs_.empty()) updateRunLabels();
}

std::vector<QRect> ProfileView::runLabelRects() const {
  std::vector<QRect> out;
  QCPAxis* axis = timeRect_->axis(QCPAxis::atBottom);
  if (!axis->tickLabels()) return out;
  QFontMetrics metrics(axis->tickLabelFont());
  const QVector<double> keys = axis->tickVector();
  const QVector<QString> labels = axis->tickVectorLabels();
  QTransform turn;
  turn.rotate(axis->tickLabelRotation());
  for (int i = 0; i < keys.size() && i < labels.size(); ++i) {
    if (labels[i].isEmpty() || !axis->range().contains(keys[i])) continue;
    QRect text = metrics.boundingRect(labels[i]);
    QRect turned = turn.mapRect(QRect(0, 0, text.width(), text.height()));
    int x = int(std::lround(axis->coordToPixel(keys[i])));
    out.push_back(QRect(x - turned.width() / 2, timeRect_->bottom() + axis->tickLabelPadding(),
                        turned.width(), turned.height()));
  }
  return out;
}

QString ProfileView::VerdictText(const runner::TimingComparison& c) {
  switch (c.verdict) {
    case runner::NoiseVerdict::kWithinNoise:
      return c.interleaved ? tr("(within noise: the medians' 95% intervals overlap, timed in the "
                                "same interleaved rounds)")
                           : tr("(within noise: the medians' 95% intervals overlap)");
    case runner::NoiseVerdict::kDiffers:
      return c.interleaved ? tr("(beyond noise, timed in the same interleaved rounds)")
                           : tr("(beyond noise: the medians' 95% intervals are apart)");
    case runner::NoiseVerdict::kUnknown:
      break;
  }
  return tr("(noise unknown: the timed calls were not kept)");
}

QString ProfileView::note() const { return note_->text(); }

QString ProfileView::runSummary(int i) const {
  if (i < 0 || i >= int(runs_.size())) return {};
  const ProfileRecord& r = runs_[size_t(i)];
  QString text =
      tr("%1 (%2): median %3 ms")
          .arg(QString::fromStdString(r.label), QString::fromStdString(r.target), Ms(r.seconds));
  runner::MedianInterval interval = r.calls.interval();
  if (interval.known())
    text += tr(" (95% interval %1–%2 ms over %n call(s))", "", interval.samples)
                .arg(interval.low, 0, 'f', 3)
                .arg(interval.high, 0, 'f', 3);
  if (r.min_seconds > 0 && r.max_seconds > 0)
    text += tr(", fastest %1 ms, slowest %2 ms").arg(Ms(r.min_seconds), Ms(r.max_seconds));
  text += tr(", %1 GFLOP/s").arg(r.gflops, 0, 'f', 2);
  if (size_t(i) < speedups_.size() && Baseline(runs_, size_t(i)) >= 0)
    text += tr(", ×%1 the first run").arg(speedups_[size_t(i)], 0, 'f', 2) + " " +
            VerdictText(comparisons_[size_t(i)]);
  return text;
}

int ProfileView::runAt(const QPoint& pos) const {
  for (QCPAxisRect* rect : plot_->axisRects()) {
    if (!rect->rect().contains(pos)) continue;
    double key = rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
    int i = int(std::lround(key)) - 1;
    if (i >= 0 && i < int(runs_.size()) && std::abs(key - double(i + 1)) <= 0.4) return i;
  }
  return -1;
}

void ProfileView::hover(const QPoint& pos) {
  QString text = runSummary(runAt(pos));
  if (text.isEmpty()) {
    QToolTip::hideText();
    return;
  }
  QToolTip::showText(plot_->mapToGlobal(pos), text, plot_);
  emit statusMessage(text);
}

void ProfileView::activateRun(int i) {
  if (i < 0 || i >= int(runs_.size())) return;
  if (int version = runs_[size_t(i)].version) emit versionRequested(version);
}

bool ProfileView::exportImage(const QString& path) {
  if (path.endsWith(".svg", Qt::CaseInsensitive)) return ViewBase::exportImage(path);
  return plot_->savePng(path, 0, 0, 2.0);
}

}  // namespace tessera::views
