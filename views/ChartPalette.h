// ChartPalette: QCustomPlot charts in the widget palette's colours, so that a chart in the
// dark palette has a dark background with light text and stays readable: axes, grid,
// legend (the items already in it too: QCustomPlot gives each item the legend's colour
// only when it is made) and the text labels. Colours that carry a meaning (the peak in
// red, a "≈×" label muted) are kept as close to their hue as the contrast allows.
#pragma once

#include <QColor>

class QCustomPlot;
class QPalette;

namespace tessera::views {

// WCAG 2's contrast ratio of two colours: 1 (the same luminance) to 21 (black on white).
double ContrastRatio(const QColor& a, const QColor& b);

// `preferred`, lightened or darkened towards the end that contrasts with `background`
// until the two reach `minimum` (WCAG's 4.5 for text by default).
QColor ReadableOn(const QColor& preferred, const QColor& background, double minimum = 4.5);

// Secondary text ("≈×" labels, notes on a chart): between the palette's text and base,
// still readable on the base.
QColor MutedText(const QPalette& palette);

// Background, axes, grid, legend and every legend item of `plot` in `palette`'s colours.
void ApplyChartPalette(QCustomPlot* plot, const QPalette& palette);

}  // namespace tessera::views
