// The QGraphicsItems of a graph scene: a node (shape, label, badges) and an edge (a
// Graphviz spline with an arrow head and an optional label). Items only draw and turn
// gestures into calls on their GraphScene; they hold no schedule state.
#pragma once

#include <QGraphicsItem>
#include <QGraphicsPathItem>
#include <QPointF>

#include "views/graph/GraphLayout.h"
#include "views/graph/GraphModel.h"
#include "views/graph/KeptText.h"

namespace tessera::views {

class GraphScene;

class NodeItem : public QGraphicsItem {
 public:
  enum { Type = UserType + 101 };
  NodeItem(const GraphNode& node, const QRectF& box);

  int type() const override { return Type; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  const GraphNode& node() const { return node_; }
  const QString& id() const { return node_.id; }
  void setNode(const GraphNode& node);  // restyle (same geometry)
  // Moves the node to its box (scene coordinates) in a new layout of the same graph.
  void setBox(const QRectF& box);
  bool highlighted() const { return highlighted_; }
  void setHighlighted(bool on);
  // The outline in item coordinates (the Graphviz box, shaped).
  QPainterPath outline() const;

 protected:
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
  void contextMenuEvent(QGraphicsSceneContextMenuEvent* event) override;
  void dragEnterEvent(QGraphicsSceneDragDropEvent* event) override;
  void dragMoveEvent(QGraphicsSceneDragDropEvent* event) override;
  void dragLeaveEvent(QGraphicsSceneDragDropEvent* event) override;
  void dropEvent(QGraphicsSceneDragDropEvent* event) override;

 private:
  GraphScene* graphScene() const;
  QColor fillColor() const;

  GraphNode node_;
  KeptText label_;
  QRectF box_;  // in item coordinates, centred on (0, 0)
  bool highlighted_ = false;
  bool dropTarget_ = false;
  QPointF pressPos_;
};

class EdgeItem : public QGraphicsPathItem {
 public:
  enum { Type = UserType + 102 };
  EdgeItem(const GraphEdge& edge, const EdgeGeometry& geometry);
  int type() const override { return Type; }
  const GraphEdge& edge() const { return edge_; }
  // Takes the edge's new route (and style) in a new layout of the same graph.
  void setGeometry(const GraphEdge& edge, const EdgeGeometry& geometry);
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  QRectF boundingRect() const override;

 private:
  GraphEdge edge_;
  KeptText label_;
  QPolygonF arrow_;
  QPointF labelPos_;
  bool hasLabel_ = false;
};

// The size a node needs to show `label` (the font NodeItem paints with, plus margins).
QSizeF LabelSize(const QString& label, double minWidth = 40, double minHeight = 26);

// The spline of `g` as a painter path (Bézier triples after the first point).
QPainterPath SplinePath(const EdgeGeometry& g);

}  // namespace tessera::views
