// CachedTextDelegate: an item delegate that draws a cell's text as the style does
// (QCommonStyle's CE_ItemViewItem: wrapped at the cell's width, aligned, in the palette's
// text or highlighted-text colour) from a bounded cache of laid-out texts. Qt's own
// delegate shapes each cell's text three times per paint (once for the cell's rectangles,
// once to elide it, once to draw it), and a refresh repaints mostly the same texts.
// The cells' size hints (the style's, which shape the text too) are kept the same way,
// for cells without an icon, a check box or a size of their own.
//
// Only the cells the cache draws exactly as the style would are drawn from it: a text
// without an icon or a check box, in a style that draws items as QCommonStyle does
// (Fusion, or a proxy over it), not being edited nor holding the focus frame, with the
// selection filling the whole cell, and whose text fits the cell without eliding. Every
// other cell is painted by QStyledItemDelegate, as before.
#pragma once

#include <QCache>
#include <QFont>
#include <QHash>
#include <QPointF>
#include <QSize>
#include <QString>
#include <QStyledItemDelegate>
#include <QTextLayout>
#include <memory>

namespace tessera::views {

class CachedTextDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  void paint(QPainter* painter, const QStyleOptionViewItem& option,
             const QModelIndex& index) const override;
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

  // How many laid-out texts the cache holds (tests).
  qsizetype cachedTexts() const { return layouts_.size(); }
  // How many times a text was laid out since the delegate was made (tests).
  int layoutsMade() const { return layoutsMade_; }

  static constexpr qsizetype kMaxTexts = 4096;

 private:
  // What the laid-out text depends on: the text, its font, the room for it (width, and
  // height for the vertical alignment) and the options of its layout.
  struct Key {
    QString text;
    QFont font;
    int width;
    int height;
    bool wrap;
    int direction;
    int alignment;
    bool operator==(const Key& o) const {
      return width == o.width && height == o.height && wrap == o.wrap && direction == o.direction &&
             alignment == o.alignment && text == o.text && font == o.font;
    }
    // Without the font (Qt hashes a font by its key() string, which costs more than the
    // lookup saves): texts in two fonts share a bucket and are told apart by ==.
    friend size_t qHash(const Key& k, size_t seed = 0) {
      return qHashMulti(seed, k.text, k.width, k.height, k.wrap, k.alignment);
    }
  };
  struct Laid {
    std::unique_ptr<QTextLayout> layout;  // null: the text does not fit, the style draws it
    QPointF offset;                       // of the first line from the text rectangle's corner
  };

  const Laid& laidOut(const Key& key) const;

  // What the style's size hint of a cell with text alone depends on.
  struct SizeKey {
    QString text;
    QFont font;
    int width;  // the cell's, where the text wraps; else -1
    int features;
    int direction;
    const QStyle* style;
    bool operator==(const SizeKey& o) const {
      return width == o.width && features == o.features && direction == o.direction &&
             style == o.style && text == o.text && font == o.font;
    }
    friend size_t qHash(const SizeKey& k, size_t seed = 0) {
      return qHashMulti(seed, k.text, k.width, k.features, k.style);
    }
  };

  mutable QCache<Key, Laid> layouts_{kMaxTexts};
  mutable QHash<SizeKey, QSize> sizes_;
  mutable int layoutsMade_ = 0;
};

}  // namespace tessera::views
