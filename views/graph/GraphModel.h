// GraphModel: a plain directed graph of labelled nodes and edges, built from the
// schedule by the Stage DAG and IterVar hyper-graph views. It knows nothing of scenes
// or of Graphviz, so it is built and tested headless (STYLE.md, "QtNodes").
#pragma once

#include <QHash>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <vector>

namespace tessera::views {

enum class NodeShape { Box, RoundedBox, Ellipse, Diamond, Point };

struct GraphNode {
  GraphNode() = default;
  GraphNode(QString nodeId, QString text, NodeShape nodeShape = NodeShape::RoundedBox)
      : id(std::move(nodeId)), label(std::move(text)), shape(nodeShape) {}

  QString id;     // unique within the graph ("stage:C", "iv:C:i.outer", "rel:0")
  QString label;  // may span several lines
  NodeShape shape = NodeShape::RoundedBox;
  QString kind;             // styling hint: "placeholder", "compute", "cache", "relation", ...
  QStringList badges;       // small tags drawn on the node ("vectorized", "output", ...)
  bool greyed = false;      // e.g. an inlined stage
  bool emphasized = false;  // e.g. a leaf iter var, an output stage
  QString tooltip;
  QSizeF size;  // in scene units (points); empty = let the layout choose

  friend bool operator==(const GraphNode&, const GraphNode&) = default;
};

enum class EdgeStyle { Solid, Dashed, Dotted };

struct GraphEdge {
  GraphEdge() = default;
  GraphEdge(QString tail, QString head, QString text = {}, EdgeStyle edgeStyle = EdgeStyle::Solid,
            QString edgeKind = {})
      : from(std::move(tail)),
        to(std::move(head)),
        label(std::move(text)),
        style(edgeStyle),
        kind(std::move(edgeKind)) {}

  QString from;
  QString to;
  QString label;
  EdgeStyle style = EdgeStyle::Solid;
  QString kind;  // "dataflow", "attach", "relation", ...
  // Layout hints: a non-constraining edge does not affect ranks; ports ("e", "w", "n",
  // "s") route an edge along a side, so that it does not overlap a parallel edge.
  bool constraint = true;
  QString tailPort;
  QString headPort;

  friend bool operator==(const GraphEdge&, const GraphEdge&) = default;
};

class GraphModel {
 public:
  // Adds a node; an id that exists already replaces that node. Returns its index.
  int addNode(GraphNode node);
  // Adds an edge between existing nodes; returns false (and adds nothing) otherwise.
  bool addEdge(GraphEdge edge);
  // Asks the layout to put these nodes on one rank; `top` puts the rank first.
  void addSameRank(const QStringList& ids, bool top = false);

  const std::vector<GraphNode>& nodes() const { return nodes_; }
  const std::vector<GraphEdge>& edges() const { return edges_; }
  struct RankGroup {
    QStringList ids;
    bool top = false;
  };
  const std::vector<RankGroup>& rankGroups() const { return ranks_; }

  bool hasNode(const QString& id) const { return index_.contains(id); }
  int indexOf(const QString& id) const { return index_.value(id, -1); }
  const GraphNode* node(const QString& id) const;
  GraphNode* mutableNode(const QString& id);
  bool empty() const { return nodes_.empty(); }

  // Everything that affects the layout (ids, sizes, edges, ranks), as one string: the
  // views skip Graphviz when it has not changed, keeping layout off the hot path.
  QString layoutSignature() const;

 private:
  std::vector<GraphNode> nodes_;
  std::vector<GraphEdge> edges_;
  std::vector<RankGroup> ranks_;
  QHash<QString, int> index_;
};

}  // namespace tessera::views
