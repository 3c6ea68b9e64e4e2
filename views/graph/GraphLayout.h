// GraphLayout: places a GraphModel with Graphviz `dot` (libgvc). Returns node boxes and
// edge splines in scene coordinates (points, y growing downwards). There is no
// hand-written layout algorithm anywhere in Tessera: every graph goes through here.
#pragma once

#include <QPointF>
#include <QRectF>
#include <optional>
#include <vector>

#include "support/Result.h"
#include "views/graph/GraphModel.h"

namespace tessera::views {

struct EdgeGeometry {
  // Cubic Bézier control points as Graphviz gives them: p0, then (c1, c2, p) triples.
  std::vector<QPointF> points;
  std::optional<QPointF> arrowTip;  // where the arrow head ends (beyond the last point)
  std::optional<QPointF> labelPos;  // centre of the edge label, when it has one
};

struct GraphGeometry {
  QRectF bounds;                    // bounding box of the whole drawing
  std::vector<QRectF> nodes;        // one per model node, same order
  std::vector<EdgeGeometry> edges;  // one per model edge, same order
};

enum class RankDir { TopToBottom, LeftToRight };

// Node sizes come from GraphNode::size (a default box when empty). Edge labels get
// space of about `labelFontPt` points per line. Errors only if Graphviz fails.
Result<GraphGeometry> LayoutGraph(const GraphModel& model, RankDir dir = RankDir::TopToBottom,
                                  double labelFontPt = 9.0);

}  // namespace tessera::views
