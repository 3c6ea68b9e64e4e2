#include "views/MeasuredOnceHeader.h"

#include <QEvent>
#include <QTreeView>

namespace tessera::views {

MeasuredOnceHeader::MeasuredOnceHeader(QWidget* parent) : QHeaderView(Qt::Horizontal, parent) {}

QSize MeasuredOnceHeader::sectionSizeFromContents(int logicalIndex) const {
  QAbstractItemModel* m = model();
  auto own = [&](Qt::ItemDataRole role) {
    return m && m->headerData(logicalIndex, orientation(), role).isValid();
  };
  if (!m || own(Qt::SizeHintRole) || own(Qt::FontRole) || own(Qt::DecorationRole)) {
    ++measured_;
    return QHeaderView::sectionSizeFromContents(logicalIndex);
  }
  if (sortShown_ != isSortIndicatorShown()) {
    sortShown_ = isSortIndicatorShown();
    sizes_.clear();
  }
  const QString text = m->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString();
  auto it = sizes_.constFind(text);
  if (it != sizes_.constEnd()) return *it;
  ++measured_;
  return sizes_[text] = QHeaderView::sectionSizeFromContents(logicalIndex);
}

bool MeasuredOnceHeader::event(QEvent* event) {
  switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::LocaleChange:
      sizes_.clear();
      break;
    default:
      break;
  }
  return QHeaderView::event(event);
}

void MeasureHeaderOnce(QTreeView* tree) {
  QHeaderView* was = tree->header();
  auto* header = new MeasuredOnceHeader(tree);
  header->setSectionsMovable(was->sectionsMovable());
  header->setSectionsClickable(was->sectionsClickable());
  header->setStretchLastSection(was->stretchLastSection());
  header->setDefaultAlignment(was->defaultAlignment());
  header->setHighlightSections(was->highlightSections());
  header->setSortIndicatorShown(was->isSortIndicatorShown());
  header->setFirstSectionMovable(was->isFirstSectionMovable());
  header->setHidden(was->isHidden());
  tree->setHeader(header);
}

}  // namespace tessera::views
