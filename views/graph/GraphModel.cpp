#include "views/graph/GraphModel.h"

namespace tessera::views {

int GraphModel::addNode(GraphNode node) {
  auto it = index_.find(node.id);
  if (it != index_.end()) {
    nodes_[static_cast<size_t>(*it)] = std::move(node);
    return *it;
  }
  int index = static_cast<int>(nodes_.size());
  index_.insert(node.id, index);
  nodes_.push_back(std::move(node));
  return index;
}

bool GraphModel::addEdge(GraphEdge edge) {
  if (!hasNode(edge.from) || !hasNode(edge.to)) return false;
  edges_.push_back(std::move(edge));
  return true;
}

void GraphModel::addSameRank(const QStringList& ids, bool top) {
  RankGroup group{{}, top};
  for (const auto& id : ids)
    if (hasNode(id)) group.ids << id;
  if (!group.ids.isEmpty()) ranks_.push_back(group);
}

const GraphNode* GraphModel::node(const QString& id) const {
  int i = indexOf(id);
  return i < 0 ? nullptr : &nodes_[static_cast<size_t>(i)];
}

GraphNode* GraphModel::mutableNode(const QString& id) {
  int i = indexOf(id);
  return i < 0 ? nullptr : &nodes_[static_cast<size_t>(i)];
}

QString GraphModel::layoutSignature() const {
  QString s;
  for (const auto& n : nodes_)
    s += QString("N%1|%2x%3|%4;")
             .arg(n.id)
             .arg(n.size.width())
             .arg(n.size.height())
             .arg(int(n.shape));
  for (const auto& e : edges_)
    s += QString("E%1>%2|%3|%4%5%6;")
             .arg(e.from, e.to, e.label)
             .arg(e.constraint)
             .arg(e.tailPort, e.headPort);
  for (const auto& r : ranks_) s += QString("R%1|%2;").arg(r.ids.join(',')).arg(r.top);
  return s;
}

}  // namespace tessera::views
