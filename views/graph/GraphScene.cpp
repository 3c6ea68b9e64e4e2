#include "views/graph/GraphScene.h"

#include <QGraphicsSceneMouseEvent>
#include <QMimeData>

namespace tessera::views {

// The graphs hold tens of items and are rebuilt whenever their structure changes: a BSP
// index would be rebuilt with them and saves nothing when painting so few.
GraphScene::GraphScene(QObject* parent) : QGraphicsScene(parent) {
  setItemIndexMethod(QGraphicsScene::NoIndex);
}

bool GraphScene::setModel(const GraphModel& model, RankDir dir) {
  QString signature = model.layoutSignature() + (dir == RankDir::TopToBottom ? "TB" : "LR");
  if (signature == signature_ && !nodes_.isEmpty()) {
    model_ = model;
    for (const GraphNode& n : model_.nodes())
      if (NodeItem* item = nodes_.value(n.id)) item->setNode(n);
    return true;
  }
  model_ = model;
  signature_ = signature;
  ++layoutCount_;
  auto geometry = LayoutGraph(model_, dir);
  if (!geometry.ok()) {
    layoutError_ = QString::fromStdString(geometry.error().message);
    clear();
    nodes_.clear();
    signature_.clear();
    return false;
  }
  layoutError_.clear();
  rebuild(*geometry);
  return true;
}

void GraphScene::clearModel() {
  clear();
  nodes_.clear();
  model_ = GraphModel();
  signature_.clear();
  layoutError_.clear();
}

void GraphScene::rebuild(const GraphGeometry& geometry) {
  QSet<QString> highlighted;
  for (auto it = nodes_.cbegin(); it != nodes_.cend(); ++it)
    if (it.value()->highlighted()) highlighted.insert(it.key());
  clear();
  nodes_.clear();
  for (size_t i = 0; i < model_.nodes().size(); ++i) {
    auto* item = new NodeItem(model_.nodes()[i], geometry.nodes[i]);
    addItem(item);
    nodes_.insert(item->id(), item);
  }
  for (size_t i = 0; i < model_.edges().size(); ++i)
    addItem(new EdgeItem(model_.edges()[i], geometry.edges[i]));
  setSceneRect(geometry.bounds.adjusted(-12, -16, 12, 12));
  setHighlighted(highlighted);
}

QList<EdgeItem*> GraphScene::edgeItems() const {
  QList<EdgeItem*> out;
  for (QGraphicsItem* item : items(Qt::AscendingOrder))
    if (item->type() == EdgeItem::Type) out << static_cast<EdgeItem*>(item);
  return out;
}

void GraphScene::setHighlighted(const QSet<QString>& ids) {
  for (auto it = nodes_.cbegin(); it != nodes_.cend(); ++it)
    it.value()->setHighlighted(ids.contains(it.key()));
}

QString GraphScene::dropProblem(const QString& source, const QString& target) const {
  if (source == target) return tr("Dropped on itself: nothing to do.");
  if (!validator_) return tr("Nothing can be dropped here.");
  return validator_(source, target);
}

QMimeData* GraphScene::mimeForNode(const QString& id) {
  auto* mime = new QMimeData;
  mime->setData(kNodeMimeType, id.toUtf8());
  mime->setText(id);
  return mime;
}

bool GraphScene::dropOnNode(const QMimeData* mime, const QString& target) {
  if (!mime || !mime->hasFormat(kNodeMimeType)) {
    emit dropRejected(tr("Only graph nodes can be dropped here."));
    return false;
  }
  QString source = QString::fromUtf8(mime->data(kNodeMimeType));
  QString problem = dropProblem(source, target);
  if (!problem.isEmpty()) {
    emit dropRejected(problem);
    return false;
  }
  emit nodeDropped(source, target);
  return true;
}

void GraphScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  QGraphicsScene::mousePressEvent(event);
  if (!itemAt(event->scenePos(), QTransform())) emit backgroundClicked();
}

}  // namespace tessera::views
