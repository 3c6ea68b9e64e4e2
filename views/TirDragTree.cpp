#include "views/TirDragTree.h"

#include <QCoreApplication>
#include <QDragMoveEvent>
#include <QMimeData>

#include "views/ViewBase.h"
#include "views/graph/GraphScene.h"

namespace tessera::views {

void AcceptOrRefuseDragMove(QDragMoveEvent* event, const TirDrop& judged, ViewBase* owner) {
  if (judged.intent && judged.problem.isEmpty()) {
    event->acceptProposedAction();
    emit owner->statusMessage(
        QCoreApplication::translate("TirDragTree", "Drop: %1").arg(judged.intent->describe()));
  } else {
    event->ignore();
    emit owner->statusMessage(judged.problem);
  }
}

TirDragTree::TirDragTree(ViewBase* owner, PayloadOf payloadOf, Judge judge, bool betweenRows)
    : QTreeWidget(owner),
      owner_(owner),
      payloadOf_(std::move(payloadOf)),
      judge_(std::move(judge)),
      betweenRows_(betweenRows) {
  setDragEnabled(true);
  setAcceptDrops(true);
  setDropIndicatorShown(betweenRows);
  setDragDropMode(QAbstractItemView::DragDrop);
}

QString TirDragTree::PayloadIn(const QMimeData* mime) {
  if (!mime || !mime->hasFormat(GraphScene::kNodeMimeType)) return QString();
  return QString::fromUtf8(mime->data(GraphScene::kNodeMimeType));
}

QMimeData* TirDragTree::mimeData(const QList<QTreeWidgetItem*>& items) const {
  QString payload = items.isEmpty() ? QString() : payloadOf_(items.first());
  return payload.isEmpty() ? nullptr : GraphScene::mimeForNode(payload);
}

QStringList TirDragTree::mimeTypes() const { return {GraphScene::kNodeMimeType}; }

void TirDragTree::dragEnterEvent(QDragEnterEvent* event) {
  event->setAccepted(event->mimeData()->hasFormat(GraphScene::kNodeMimeType));
}

TirDropPlace TirDragTree::placeAt() const {
  if (!betweenRows_) return TirDropPlace::On;
  switch (dropIndicatorPosition()) {
    case QAbstractItemView::AboveItem:
      return TirDropPlace::Before;
    case QAbstractItemView::BelowItem:
      return TirDropPlace::After;
    default:
      return TirDropPlace::On;
  }
}

void TirDragTree::dragMoveEvent(QDragMoveEvent* event) {
  // The base class places the insertion line; the judge decides, with the same check as
  // the drop itself.
  QTreeWidget::dragMoveEvent(event);
  QTreeWidgetItem* target = itemAt(event->position().toPoint());
  AcceptOrRefuseDragMove(event, judge_(PayloadIn(event->mimeData()), target, placeAt()), owner_);
}

void TirDragTree::dropEvent(QDropEvent* event) {
  QTreeWidgetItem* target = itemAt(event->position().toPoint());
  event->setAccepted(drop(event->mimeData(), target, placeAt()));
  event->setDropAction(Qt::IgnoreAction);  // the tree is rebuilt from the new schedule
  stopAutoScroll();
  setState(QAbstractItemView::NoState);
  viewport()->update();
}

bool TirDragTree::drop(const QMimeData* mime, QTreeWidgetItem* target, TirDropPlace place) {
  TirDrop d = judge_(PayloadIn(mime), target, place);
  if (!d.intent || !d.problem.isEmpty()) {
    emit owner_->statusMessage(d.problem);
    return false;
  }
  emit owner_->intentRequested(*d.intent);
  return true;
}

}  // namespace tessera::views
