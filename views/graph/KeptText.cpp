#include "views/graph/KeptText.h"

#include <QFontMetricsF>
#include <QPaintDevice>
#include <QPainter>
#include <QTextLayout>
#include <cmath>

namespace tessera::views {
namespace {

// The flags this class lays out as QPainter does; any other goes to QPainter::drawText.
constexpr int kAlignments = Qt::AlignHorizontal_Mask | Qt::AlignVertical_Mask;
constexpr int kHandled = Qt::AlignLeft | Qt::AlignRight | Qt::AlignHCenter | Qt::AlignTop |
                         Qt::AlignBottom | Qt::AlignVCenter;

bool Handled(QPainter* painter, int flags, const QString& text) {
  if ((flags & ~kHandled) != 0 || (flags & kAlignments & ~kHandled) != 0) return false;
  // Auto (QPainter's default off widgets): the text's own direction.
  const Qt::LayoutDirection direction = painter->layoutDirection();
  if (direction == Qt::RightToLeft ||
      (direction == Qt::LayoutDirectionAuto && text.isRightToLeft()))
    return false;
  if (!painter->device()) return false;
  const QFont& font = painter->font();
  if (font.underline() || font.overline() || font.strikeOut()) return false;
  for (QChar c : text)
    if (c == '\t' || c == QChar(ushort(0x9c))) return false;
  return true;
}

}  // namespace

KeptText::KeptText() = default;
KeptText::~KeptText() = default;

// As qt_format_text lays a text out: '\n' separates lines, '\r' is a space; each line
// unbounded, the lines stacked by their height plus the font's leading, on whole pixels.
bool KeptText::layOut(QPainter* painter, const QString& text) {
  const QFont& font = painter->font();
  const Qt::LayoutDirection direction = painter->layoutDirection();
  const int dpiX = painter->device()->logicalDpiX(), dpiY = painter->device()->logicalDpiY();
  if (layout_ && text == text_ && font == font_ && direction == direction_ && dpiX == dpiX_ &&
      dpiY == dpiY_)
    return true;
  text_ = text;
  font_ = font;
  direction_ = direction;
  dpiX_ = dpiX;
  dpiY_ = dpiY;
  QString shown = text;
  for (QChar& c : shown) {
    if (c == '\r') c = ' ';
    if (c == '\n') c = QChar::LineSeparator;
  }
  layout_ = std::make_unique<QTextLayout>(shown, font);
  QTextOption option;
  option.setTextDirection(direction);
  option.setAlignment(Qt::AlignLeft);
  layout_->setTextOption(option);
  layout_->setCacheEnabled(true);
  ++layoutsMade_;
  width_ = 0;
  height_ = 0;
  if (shown.isEmpty()) return true;
  const qreal leading = QFontMetricsF(font).leading();
  height_ = -leading;
  layout_->beginLayout();
  for (QTextLine line = layout_->createLine(); line.isValid(); line = layout_->createLine()) {
    line.setLineWidth(0x01000000);
    height_ = std::ceil(height_ + leading);
    line.setPosition(QPointF(0., height_));
    height_ += line.ascent() + line.descent();
    width_ = std::max(width_, line.naturalTextWidth());
  }
  layout_->endLayout();
  return true;
}

void KeptText::draw(QPainter* painter, const QRectF& rect, int flags, const QString& text) {
  if (!Handled(painter, flags, text)) {
    painter->drawText(rect, flags, text);
    return;
  }
  layOut(painter, text);
  // QPainter stops laying out lines once they fill the rectangle: such a text is its.
  if (text.isEmpty()) return;
  if (height_ >= rect.height() && layout_->lineCount() > 1) {
    painter->drawText(rect, flags, text);
    return;
  }
  qreal yoff = 0;
  if (flags & Qt::AlignBottom)
    yoff = rect.height() - height_;
  else if (flags & Qt::AlignVCenter)
    yoff = (rect.height() - height_) / 2;
  qreal xoff = 0;
  if (flags & Qt::AlignRight)
    xoff = rect.width() - width_;
  else if (flags & Qt::AlignHCenter)
    xoff = (rect.width() - width_) / 2;
  const bool clip = !rect.contains(QRectF(rect.x() + xoff, rect.y() + yoff, width_, height_));
  if (clip) {
    painter->save();
    painter->setClipRect(rect, Qt::IntersectClip);
  }
  for (int i = 0; i < layout_->lineCount(); ++i) {
    QTextLine line = layout_->lineAt(i);
    const qreal advance = line.horizontalAdvance();
    qreal x = 0;
    if (flags & Qt::AlignRight)
      x = rect.width() - advance;
    else if (flags & Qt::AlignHCenter)
      x = (rect.width() - advance) / 2;
    line.draw(painter, QPointF(rect.x() + x, rect.y() + yoff));
  }
  if (clip) painter->restore();
}

}  // namespace tessera::views
