// TesseraStyle: Fusion with flat scroll bars. Fusion paints a scroll bar with gradients
// and bevels at each repaint, and a refresh repaints several (their ranges change with
// the views' contents); flat fills draw the same parts (groove, handle, arrow buttons)
// at a fraction of the cost. Every size, hit region and behaviour stays Fusion's: only
// the drawing of CC_ScrollBar differs.
#pragma once

#include <QProxyStyle>

namespace tessera::gui {

class TesseraStyle : public QProxyStyle {
 public:
  TesseraStyle();
  void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                          QPainter* painter, const QWidget* widget) const override;
};

}  // namespace tessera::gui
