#include "TesseraStyle.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOptionSlider>

namespace tessera::gui {
namespace {

// A colour between `a` and `b`: `t` = 0 is a, 1 is b.
QColor Mix(const QColor& a, const QColor& b, double t) {
  return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                          float(a.greenF() + (b.greenF() - a.greenF()) * t),
                          float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

}  // namespace

TesseraStyle::TesseraStyle() : QProxyStyle(QStyleFactory::create("Fusion")) {}

void TesseraStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                                      QPainter* painter, const QWidget* widget) const {
  const auto* bar = qstyleoption_cast<const QStyleOptionSlider*>(option);
  if (control != CC_ScrollBar || !bar)
    return QProxyStyle::drawComplexControl(control, option, painter, widget);
  const QPalette& pal = bar->palette;
  const bool enabled = bar->state & State_Enabled;
  const QColor window = pal.color(QPalette::Window), text = pal.color(QPalette::WindowText);
  // The groove a shade off the window, the handle and the arrows between it and the text,
  // darker (lighter in the dark palette) under the mouse and while pressed.
  painter->fillRect(bar->rect, Mix(window, text, 0.04));
  auto emphasis = [&](SubControl part) {
    if (!enabled) return 0.18;
    if ((bar->activeSubControls & part) && (bar->state & State_Sunken)) return 0.55;
    if ((bar->activeSubControls & part) && (bar->state & State_MouseOver)) return 0.45;
    return 0.38;
  };
  const bool vertical = bar->orientation == Qt::Vertical;
  const QRect handle = subControlRect(CC_ScrollBar, bar, SC_ScrollBarSlider, widget);
  if ((bar->subControls & SC_ScrollBarSlider) && handle.isValid()) {
    const QRect inner = vertical ? handle.adjusted(3, 1, -3, -1) : handle.adjusted(1, 3, -1, -3);
    painter->fillRect(inner, Mix(window, text, emphasis(SC_ScrollBarSlider)));
  }
  const bool reversed = !vertical && bar->direction == Qt::RightToLeft;
  for (SubControl part : {SC_ScrollBarSubLine, SC_ScrollBarAddLine}) {
    const QRect button = subControlRect(CC_ScrollBar, bar, part, widget);
    if (!(bar->subControls & part) || !button.isValid()) continue;
    const bool towardsEnd = (part == SC_ScrollBarAddLine) != reversed;
    QStyleOption arrow = *bar;
    arrow.rect = button;
    arrow.state &= ~(State_MouseOver | State_Sunken);
    const QColor ink = Mix(window, text, emphasis(part) + 0.3);
    arrow.palette.setColor(QPalette::ButtonText, ink);
    arrow.palette.setColor(QPalette::WindowText, ink);
    PrimitiveElement element = vertical
                                   ? (towardsEnd ? PE_IndicatorArrowDown : PE_IndicatorArrowUp)
                                   : (towardsEnd ? PE_IndicatorArrowRight : PE_IndicatorArrowLeft);
    proxy()->drawPrimitive(element, &arrow, painter, widget);
  }
}

}  // namespace tessera::gui
