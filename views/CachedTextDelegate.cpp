#include "views/CachedTextDelegate.h"

#include <QApplication>
#include <QPainter>
#include <QProxyStyle>
#include <QStyle>
#include <QTextOption>
#include <QWidget>

namespace tessera::views {
namespace {

// Whether the style draws `option`'s cell as QCommonStyle does and the cell is one whose
// text the cache can draw: text alone (no icon, no check box) beside a decoration on the
// left, the whole cell selected (the text's rectangle is the cell), no editor, no focus
// frame (the style draws it after the text).
// A proxy style counts as its base: the application's proxies change scroll bars only.
bool Plain(const QStyleOptionViewItem& option, const QStyle* style) {
  using F = QStyleOptionViewItem::ViewItemFeature;
  while (const auto* proxy = qobject_cast<const QProxyStyle*>(style)) style = proxy->baseStyle();
  return style->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) == 0 &&
         (option.features & F::HasDisplay) && !(option.features & F::HasDecoration) &&
         !(option.features & F::HasCheckIndicator) && !option.text.isEmpty() &&
         option.showDecorationSelected && option.decorationPosition == QStyleOptionViewItem::Left &&
         !(option.state & (QStyle::State_HasFocus | QStyle::State_Editing));
}

}  // namespace

const CachedTextDelegate::Laid& CachedTextDelegate::laidOut(const Key& key) const {
  if (const Laid* known = layouts_.object(key)) return *known;
  ++layoutsMade_;
  auto laid = std::make_unique<Laid>();
  auto layout = std::make_unique<QTextLayout>(key.text, key.font);
  layout->setCacheEnabled(true);  // keeps the shaped glyphs for draw()
  QTextOption textOption;
  textOption.setWrapMode(key.wrap ? QTextOption::WordWrap : QTextOption::ManualWrap);
  textOption.setTextDirection(Qt::LayoutDirection(key.direction));
  textOption.setAlignment(
      QStyle::visualAlignment(Qt::LayoutDirection(key.direction), Qt::Alignment(key.alignment)));
  layout->setTextOption(textOption);
  // The lines as the style lays them out: each at the full width, one below the other.
  qreal height = 0;
  bool fits = true;
  layout->beginLayout();
  for (QTextLine line = layout->createLine(); line.isValid(); line = layout->createLine()) {
    line.setLineWidth(key.width);
    line.setPosition(QPointF(0, height));
    height += line.height();
    fits = fits && line.naturalTextWidth() <= key.width;
  }
  layout->endLayout();
  // A text wider or taller than its room is elided by the style: it draws those itself.
  const QSize size = layout->boundingRect().size().toSize();
  if (fits && size.height() <= key.height) {
    const QRect room(0, 0, key.width, key.height);
    const QRect aligned =
        QStyle::alignedRect(Qt::LayoutDirectionAuto, Qt::Alignment(key.alignment), size, room);
    laid->offset = QPointF(0, aligned.top());
    laid->layout = std::move(layout);
  }
  const Laid* stored = laid.get();
  layouts_.insert(key, laid.release());
  return *stored;
}

void CachedTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                               const QModelIndex& index) const {
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const QWidget* widget = opt.widget;
  const QStyle* style = widget ? widget->style() : QApplication::style();
  if (!Plain(opt, style)) return QStyledItemDelegate::paint(painter, option, index);
  const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
  const QRect textRect = opt.rect.adjusted(margin, 0, -margin, 0);
  const Key key{opt.text,
                opt.font,
                textRect.width(),
                textRect.height(),
                bool(opt.features & QStyleOptionViewItem::WrapText),
                int(opt.direction),
                int(opt.displayAlignment)};
  const Laid& laid = laidOut(key);
  if (!laid.layout) return QStyledItemDelegate::paint(painter, option, index);

  // The background and the selection, as the style draws them, without the text (which
  // it would lay out again to find the rectangles).
  QStyleOptionViewItem frame = opt;
  frame.text.clear();
  frame.features &= ~QStyleOptionViewItem::HasDisplay;
  style->drawControl(QStyle::CE_ItemViewItem, &frame, painter, widget);

  QPalette::ColorGroup group =
      opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
  if (group == QPalette::Normal && !(opt.state & QStyle::State_Active)) group = QPalette::Inactive;
  painter->save();
  painter->setClipRect(opt.rect);
  painter->setPen(opt.palette.color(
      group, opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
  laid.layout->draw(painter, QPointF(textRect.topLeft()) + laid.offset);
  painter->restore();
}

QSize CachedTextDelegate::sizeHint(const QStyleOptionViewItem& option,
                                   const QModelIndex& index) const {
  if (index.data(Qt::SizeHintRole).isValid() || index.data(Qt::DecorationRole).isValid() ||
      index.data(Qt::CheckStateRole).isValid())
    return QStyledItemDelegate::sizeHint(option, index);
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const bool wrap = opt.features & QStyleOptionViewItem::WrapText;
  const SizeKey key{opt.text,
                    opt.font,
                    wrap ? opt.rect.width() : -1,
                    int(opt.features),
                    int(opt.direction),
                    opt.widget ? opt.widget->style() : QApplication::style()};
  auto it = sizes_.constFind(key);
  if (it != sizes_.constEnd()) return *it;
  const QSize size = QStyledItemDelegate::sizeHint(option, index);
  if (sizes_.size() >= kMaxTexts) sizes_.clear();  // texts of documents long closed
  sizes_.insert(key, size);
  return size;
}

}  // namespace tessera::views
