#include "views/graph/GraphLayout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <QByteArray>
#include <mutex>

namespace tessera::views {
namespace {

constexpr double kPointsPerInch = 72.0;
const QSizeF kDefaultNodeSize(72.0, 36.0);

// Graphviz keeps global state and is not thread-safe: one context, one caller at a time.
std::mutex& GraphvizMutex() {
  static std::mutex m;
  return m;
}

GVC_t* Context() {
  static GVC_t* gvc = gvContext();
  return gvc;
}

// Graphviz's API takes char* everywhere; QByteArray keeps the storage alive.
void Set(void* obj, const char* name, const QByteArray& value) {
  agsafeset(obj, const_cast<char*>(name), const_cast<char*>(value.constData()),
            const_cast<char*>(""));
}

QByteArray Inches(double points) { return QByteArray::number(points / kPointsPerInch, 'f', 4); }

const char* ShapeName(NodeShape s) {
  switch (s) {
    case NodeShape::Box:
      return "box";
    case NodeShape::RoundedBox:
      return "box";
    case NodeShape::Ellipse:
      return "ellipse";
    case NodeShape::Diamond:
      return "diamond";
    case NodeShape::Point:
      return "circle";
  }
  return "box";
}

// Nodes are named n0, n1, ... so that ids with any characters are safe.
std::vector<Agnode_t*> AddNodes(Agraph_t* g, const GraphModel& model) {
  std::vector<Agnode_t*> out;
  for (size_t i = 0; i < model.nodes().size(); ++i) {
    const GraphNode& node = model.nodes()[i];
    QByteArray name = "n" + QByteArray::number(qulonglong(i));
    Agnode_t* n = agnode(g, name.data(), 1);
    QSizeF size = node.size.isEmpty() ? kDefaultNodeSize : node.size;
    Set(n, "width", Inches(size.width()));
    Set(n, "height", Inches(size.height()));
    Set(n, "shape", ShapeName(node.shape));
    out.push_back(n);
  }
  return out;
}

std::vector<Agedge_t*> AddEdges(Agraph_t* g, const GraphModel& model,
                                const std::vector<Agnode_t*>& nodes) {
  std::vector<Agedge_t*> out;
  for (const GraphEdge& edge : model.edges()) {
    Agnode_t* a = nodes[static_cast<size_t>(model.indexOf(edge.from))];
    Agnode_t* b = nodes[static_cast<size_t>(model.indexOf(edge.to))];
    Agedge_t* e = agedge(g, a, b, nullptr, 1);
    if (!edge.label.isEmpty()) Set(e, "label", edge.label.toUtf8());
    if (!edge.constraint) Set(e, "constraint", "false");
    if (!edge.tailPort.isEmpty()) Set(e, "tailport", edge.tailPort.toUtf8());
    if (!edge.headPort.isEmpty()) Set(e, "headport", edge.headPort.toUtf8());
    out.push_back(e);
  }
  return out;
}

void AddRanks(Agraph_t* g, const GraphModel& model, const std::vector<Agnode_t*>& nodes) {
  int k = 0;
  for (const auto& group : model.rankGroups()) {
    QByteArray name = "rank" + QByteArray::number(k++);
    Agraph_t* sg = agsubg(g, name.data(), 1);
    Set(sg, "rank", group.top ? "min" : "same");
    for (const auto& id : group.ids)
      agsubnode(sg, nodes[static_cast<size_t>(model.indexOf(id))], 1);
  }
}

void DeclareDefaults(Agraph_t* g, RankDir dir, double labelFontPt) {
  agattr(g, AGRAPH, const_cast<char*>("rankdir"),
         const_cast<char*>(dir == RankDir::TopToBottom ? "TB" : "LR"));
  agattr(g, AGRAPH, const_cast<char*>("nodesep"), const_cast<char*>("0.3"));
  agattr(g, AGRAPH, const_cast<char*>("ranksep"), const_cast<char*>("0.45"));
  agattr(g, AGNODE, const_cast<char*>("fixedsize"), const_cast<char*>("true"));
  agattr(g, AGNODE, const_cast<char*>("label"), const_cast<char*>(""));
  QByteArray pt = QByteArray::number(labelFontPt);
  agattr(g, AGEDGE, const_cast<char*>("fontsize"), pt.data());
}

// Graphviz's y axis grows upwards; the scene's grows downwards.
QPointF ToScene(pointf p, const boxf& bb) { return QPointF(p.x - bb.LL.x, bb.UR.y - p.y); }

GraphGeometry ReadGeometry(Agraph_t* g, const std::vector<Agnode_t*>& nodes,
                           const std::vector<Agedge_t*>& edges) {
  GraphGeometry out;
  boxf bb = GD_bb(g);
  out.bounds = QRectF(0, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
  for (Agnode_t* n : nodes) {
    QPointF c = ToScene(ND_coord(n), bb);
    double w = ND_width(n) * kPointsPerInch, h = ND_height(n) * kPointsPerInch;
    out.nodes.emplace_back(c.x() - w / 2, c.y() - h / 2, w, h);
  }
  for (Agedge_t* e : edges) {
    EdgeGeometry geom;
    if (ED_spl(e) && ED_spl(e)->size > 0) {
      const bezier& bz = ED_spl(e)->list[0];
      for (int i = 0; i < bz.size; ++i) geom.points.push_back(ToScene(bz.list[i], bb));
      if (bz.eflag) geom.arrowTip = ToScene(bz.ep, bb);
    }
    if (ED_label(e) && ED_label(e)->set) geom.labelPos = ToScene(ED_label(e)->pos, bb);
    out.edges.push_back(std::move(geom));
  }
  return out;
}

}  // namespace

Result<GraphGeometry> LayoutGraph(const GraphModel& model, RankDir dir, double labelFontPt) {
  if (model.empty()) return GraphGeometry{};
  std::lock_guard<std::mutex> lock(GraphvizMutex());
  GVC_t* gvc = Context();
  if (!gvc) return Error("Graphviz could not be initialised");
  Agraph_t* g = agopen(const_cast<char*>("tessera"), Agdirected, nullptr);
  DeclareDefaults(g, dir, labelFontPt);
  std::vector<Agnode_t*> nodes = AddNodes(g, model);
  std::vector<Agedge_t*> edges = AddEdges(g, model, nodes);
  AddRanks(g, model, nodes);
  if (gvLayout(gvc, g, "dot") != 0) {
    agclose(g);
    return Error("Graphviz dot layout failed");
  }
  GraphGeometry geometry = ReadGeometry(g, nodes, edges);
  gvFreeLayout(gvc, g);
  agclose(g);
  return geometry;
}

}  // namespace tessera::views
