#include "views/graph/GraphScene.h"

#include <QGraphicsSceneMouseEvent>
#include <QMimeData>

namespace tessera::views {

// The graphs hold tens of items, moved whenever their structure changes: a BSP index
// would be updated with them and saves nothing when painting so few.
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
    removeAllItems();
    signature_.clear();
    return false;
  }
  layoutError_.clear();
  place(*geometry);
  return true;
}

void GraphScene::clearModel() {
  removeAllItems();
  model_ = GraphModel();
  signature_.clear();
  layoutError_.clear();
}

void GraphScene::removeAllItems() {
  clear();
  nodes_.clear();
  edges_.clear();
}

// A highlighted node that stays keeps its highlight; new nodes come without one.
void GraphScene::place(const GraphGeometry& geometry) {
  QHash<QString, NodeItem*> placed;
  for (size_t i = 0; i < model_.nodes().size(); ++i) {
    const GraphNode& n = model_.nodes()[i];
    NodeItem* item = nodes_.take(n.id);
    if (item) {
      item->setNode(n);
      item->setBox(geometry.nodes[i]);
    } else {
      item = new NodeItem(n, geometry.nodes[i]);
      addItem(item);
    }
    placed.insert(n.id, item);
  }
  qDeleteAll(nodes_);  // nodes gone from the graph (an item leaves its scene when deleted)
  nodes_ = std::move(placed);

  // Edges between the same two nodes are matched in their order in the model.
  QHash<QPair<QString, QString>, QList<EdgeItem*>> unused;
  for (EdgeItem* e : std::as_const(edges_)) unused[{e->edge().from, e->edge().to}].append(e);
  QList<EdgeItem*> edges;
  for (size_t i = 0; i < model_.edges().size(); ++i) {
    const GraphEdge& e = model_.edges()[i];
    QList<EdgeItem*>& same = unused[{e.from, e.to}];
    EdgeItem* item = nullptr;
    if (!same.isEmpty()) {
      item = same.takeFirst();
      item->setGeometry(e, geometry.edges[i]);
    } else {
      item = new EdgeItem(e, geometry.edges[i]);
      addItem(item);
    }
    edges.append(item);
  }
  for (const QList<EdgeItem*>& gone : std::as_const(unused)) qDeleteAll(gone);
  edges_ = std::move(edges);
  setSceneRect(geometry.bounds.adjusted(-12, -16, 12, 12));
}

QList<EdgeItem*> GraphScene::edgeItems() const { return edges_; }

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
