#include "views/TirLoopStrip.h"

#include <QCoreApplication>
#include <QDragMoveEvent>
#include <QMimeData>

#include "views/CachedTextDelegate.h"
#include "views/TirDragTree.h"
#include "views/ViewBase.h"
#include "views/graph/GraphScene.h"

namespace tessera::views {

TirLoopStrip::TirLoopStrip(ViewBase* owner, Judge judge)
    : QListWidget(owner), owner_(owner), judge_(std::move(judge)) {
  setFlow(QListView::LeftToRight);
  setWrapping(false);
  setFixedHeight(44);
  setSpacing(3);
  setDragEnabled(true);
  setAcceptDrops(true);
  setDropIndicatorShown(true);
  setDragDropMode(QAbstractItemView::DragDrop);
  // Refilled at every refresh: the loops' texts are laid out and sized once.
  setItemDelegate(new CachedTextDelegate(this));
}

void TirLoopStrip::setLoops(const QString& block, const QStringList& loops,
                            const QString& selected) {
  clear();
  for (const QString& loop : loops) {
    auto* it = new QListWidgetItem(loop, this);
    it->setData(kPayloadRole, "loop:" + block + "/" + loop);
    if (loop == selected) it->setSelected(true);
  }
}

QListWidgetItem* TirLoopStrip::loopItem(const QString& loop) const {
  for (int row = 0; row < count(); ++row)
    if (item(row)->text() == loop) return item(row);
  return nullptr;
}

TirDropPlace TirLoopStrip::placeAt(const QListWidgetItem* it, const QPoint& point) const {
  QRect r = visualItemRect(it);
  int quarter = std::max(2, r.width() / 4);
  if (point.x() < r.left() + quarter) return TirDropPlace::Before;
  if (point.x() > r.right() - quarter) return TirDropPlace::After;
  return TirDropPlace::On;
}

TirDrop TirLoopStrip::judgeAt(const QMimeData* mime, const QPoint& point) const {
  QListWidgetItem* target = itemAt(point);
  if (!target)
    return {std::nullopt,
            QCoreApplication::translate("TirLoopStrip", "Drop on a loop, or between two loops.")};
  return judge_(TirDragTree::PayloadIn(mime), target->text(), placeAt(target, point));
}

QMimeData* TirLoopStrip::mimeData(const QList<QListWidgetItem*>& items) const {
  QString payload = items.isEmpty() ? QString() : items.first()->data(kPayloadRole).toString();
  return payload.isEmpty() ? nullptr : GraphScene::mimeForNode(payload);
}

QStringList TirLoopStrip::mimeTypes() const { return {GraphScene::kNodeMimeType}; }

void TirLoopStrip::dragEnterEvent(QDragEnterEvent* event) {
  event->setAccepted(event->mimeData()->hasFormat(GraphScene::kNodeMimeType));
}

void TirLoopStrip::dragMoveEvent(QDragMoveEvent* event) {
  QListWidget::dragMoveEvent(event);  // auto-scroll and the indicator
  AcceptOrRefuseDragMove(event, judgeAt(event->mimeData(), event->position().toPoint()), owner_);
}

void TirLoopStrip::dropEvent(QDropEvent* event) {
  QPoint at = event->position().toPoint();
  QListWidgetItem* target = itemAt(at);
  bool applied = target && drop(event->mimeData(), target->text(), placeAt(target, at));
  if (!target) emit owner_->statusMessage(judgeAt(event->mimeData(), at).problem);
  event->setAccepted(applied);
  event->setDropAction(Qt::IgnoreAction);  // the strip is refilled from the new schedule
  stopAutoScroll();
  setState(QAbstractItemView::NoState);
  viewport()->update();
}

bool TirLoopStrip::drop(const QMimeData* mime, const QString& loop, TirDropPlace place) {
  TirDrop d = judge_(TirDragTree::PayloadIn(mime), loop, place);
  if (!d.intent || !d.problem.isEmpty()) {
    emit owner_->statusMessage(d.problem);
    return false;
  }
  emit owner_->intentRequested(*d.intent);
  return true;
}

}  // namespace tessera::views
