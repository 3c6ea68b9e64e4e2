// GraphScene: the items of one GraphModel placed by GraphLayout. Clicking, context
// menus and drops on nodes become signals carrying node ids; the owning view turns
// them into selections and intents. Layout runs only when the graph's structure
// changes (GraphModel::layoutSignature); a restyle reuses the positions. A new layout
// moves the items that stay (a node of the same id, an edge between the same nodes),
// so that only what moved or changed is repainted.
#pragma once

#include <QGraphicsScene>
#include <QHash>
#include <QSet>
#include <functional>

#include "views/graph/GraphItems.h"
#include "views/graph/GraphLayout.h"
#include "views/graph/GraphModel.h"

class QMimeData;

namespace tessera::views {

class GraphScene : public QGraphicsScene {
  Q_OBJECT

 public:
  static constexpr const char* kNodeMimeType = "application/x-tessera-graph-node";

  explicit GraphScene(QObject* parent = nullptr);

  // Shows `model`: lays it out with Graphviz when its structure changed, otherwise
  // only restyles the existing items. Returns false when the layout failed.
  bool setModel(const GraphModel& model, RankDir dir = RankDir::TopToBottom);
  const GraphModel& model() const { return model_; }
  // Shows nothing (a document with no schedule to draw).
  void clearModel();
  QString layoutError() const { return layoutError_; }
  int layoutCount() const { return layoutCount_; }  // how many times Graphviz ran

  NodeItem* nodeItem(const QString& id) const { return nodes_.value(id); }
  QList<EdgeItem*> edgeItems() const;
  void setHighlighted(const QSet<QString>& ids);

  // Says why dropping node `source` on node `target` is illegal ("" = legal).
  using DropValidator = std::function<QString(const QString& source, const QString& target)>;
  void setDropValidator(DropValidator v) { validator_ = std::move(v); }
  QString dropProblem(const QString& source, const QString& target) const;

  // The mime data a drag of node `id` carries.
  static QMimeData* mimeForNode(const QString& id);
  // Handles a drop of `mime` on node `target` (real drags and tests both come here):
  // emits nodeDropped when legal, dropRejected with the reason otherwise.
  bool dropOnNode(const QMimeData* mime, const QString& target);

  // Called by the items.
  void itemClicked(const QString& id) { emit nodeClicked(id); }
  void itemDoubleClicked(const QString& id) { emit nodeDoubleClicked(id); }
  void itemContextMenu(const QString& id, const QPoint& screenPos) {
    emit nodeContextMenu(id, screenPos);
  }
  void itemHover(const QString& message) { emit hoverMessage(message); }

 signals:
  void nodeClicked(const QString& id);
  void nodeDoubleClicked(const QString& id);
  void nodeContextMenu(const QString& id, const QPoint& screenPos);
  void nodeDropped(const QString& source, const QString& target);
  void dropRejected(const QString& reason);
  void hoverMessage(const QString& message);
  void backgroundClicked();

 protected:
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;

 private:
  void place(const GraphGeometry& geometry);
  void removeAllItems();

  GraphModel model_;
  QString signature_;
  QString layoutError_;
  int layoutCount_ = 0;
  QHash<QString, NodeItem*> nodes_;
  QList<EdgeItem*> edges_;  // in the model's order
  DropValidator validator_;
};

}  // namespace tessera::views
