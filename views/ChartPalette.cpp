#include "views/ChartPalette.h"

#include <qcustomplot.h>

#include <QPalette>
#include <algorithm>
#include <cmath>

namespace tessera::views {
namespace {

double Channel(double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

double Luminance(const QColor& c) {
  return 0.2126 * Channel(c.redF()) + 0.7152 * Channel(c.greenF()) + 0.0722 * Channel(c.blueF());
}

QColor Mix(const QColor& a, const QColor& b, double t) {
  auto at = [t](double x, double y) { return x + (y - x) * t; };
  return QColor::fromRgbF(float(at(a.redF(), b.redF())), float(at(a.greenF(), b.greenF())),
                          float(at(a.blueF(), b.blueF())));
}

}  // namespace

double ContrastRatio(const QColor& a, const QColor& b) {
  double la = Luminance(a), lb = Luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor ReadableOn(const QColor& preferred, const QColor& background, double minimum) {
  QColor opaque = preferred;
  opaque.setAlpha(255);
  const QColor end = Luminance(background) > 0.18 ? QColor(Qt::black) : QColor(Qt::white);
  for (int step = 0; step <= 20; ++step) {
    QColor c = Mix(opaque, end, step / 20.0);
    if (ContrastRatio(c, background) >= minimum) return c;
  }
  return end;
}

QColor MutedText(const QPalette& palette) {
  const QColor base = palette.color(QPalette::Base);
  return ReadableOn(Mix(palette.color(QPalette::Text), base, 0.35), base);
}

void ApplyChartPalette(QCustomPlot* plot, const QPalette& palette) {
  const QColor text = palette.color(QPalette::Text), base = palette.color(QPalette::Base);
  const QColor mid = palette.color(QPalette::Mid);
  plot->setBackground(base);
  for (QCPAxisRect* rect : plot->axisRects())
    for (QCPAxis* axis : rect->axes()) {
      axis->setBasePen(QPen(text));
      axis->setTickPen(QPen(text));
      axis->setSubTickPen(QPen(text));
      axis->setTickLabelColor(text);
      axis->setLabelColor(text);
      axis->grid()->setPen(QPen(mid, 0, Qt::DotLine));
    }
  QCPLegend* legend = plot->legend;
  legend->setBrush(base);
  legend->setTextColor(text);
  legend->setSelectedTextColor(text);
  legend->setBorderPen(QPen(mid));
  for (int i = 0; i < legend->itemCount(); ++i)
    if (QCPAbstractLegendItem* item = legend->item(i)) {
      item->setTextColor(text);
      item->setSelectedTextColor(text);
    }
}

}  // namespace tessera::views
