// KeptText: a text drawn in a rectangle exactly as QPainter::drawText(rect, flags, text)
// draws it, from a layout kept across paints. QPainter lays the text out (shapes it) at
// every call, and a graph repaints its nodes' and edges' labels, unchanged, at every
// refresh. The layout is redone when the text or the painter's font or resolution
// changes. Alignment flags only: a text that wraps, shows mnemonics, expands tabs, runs
// right to left, is decorated (underlined, ...) or does not fit its rectangle is handed to
// QPainter::drawText.
#pragma once

#include <QFont>
#include <QRectF>
#include <QString>
#include <memory>

class QPainter;
class QTextLayout;

namespace tessera::views {

class KeptText {
 public:
  KeptText();
  ~KeptText();
  KeptText(const KeptText&) = delete;
  KeptText& operator=(const KeptText&) = delete;

  void draw(QPainter* painter, const QRectF& rect, int flags, const QString& text);
  // How many times the text was laid out (for tests).
  int layoutsMade() const { return layoutsMade_; }

 private:
  bool layOut(QPainter* painter, const QString& text);

  std::unique_ptr<QTextLayout> layout_;
  QString text_;
  QFont font_;
  Qt::LayoutDirection direction_ = Qt::LeftToRight;
  int dpiX_ = 0, dpiY_ = 0;
  qreal width_ = 0, height_ = 0;
  int layoutsMade_ = 0;
};

}  // namespace tessera::views
