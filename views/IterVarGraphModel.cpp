#include "views/IterVarGraphModel.h"

#include <QStringList>
#include <algorithm>

#include "te/TensorIntrin.h"
#include "views/graph/GraphItems.h"

namespace tessera::views {
namespace {

QString VarName(const ir::IterVar& iv) { return QString::fromStdString(iv->var.name()); }

bool IsRoot(const schedule::Stage& stage, const ir::IterVar& iv) {
  auto roots = stage->op->root_iter_vars();
  return std::find(roots.begin(), roots.end(), iv) != roots.end();
}

QStringList Badges(const schedule::Stage& stage, const ir::IterVar& iv) {
  QStringList badges;
  if (iv->iter_type == ir::IterVarType::CommReduce) badges << "reduce";
  schedule::IterVarAttr attr = stage->attr(iv);
  switch (attr.annotation) {
    case ir::IterVarType::Vectorized:
      badges << "vectorized";
      break;
    case ir::IterVarType::Unrolled:
      badges << "unrolled";
      break;
    case ir::IterVarType::Parallelized:
      badges << "parallel";
      break;
    case ir::IterVarType::Tensorized:
      badges << (attr.tensor_intrin
                     ? "tensorized: " + QString::fromStdString(attr.tensor_intrin->name)
                     : QString("tensorized"));
      break;
    default:
      break;
  }
  if (attr.bind_thread) badges << QString::fromStdString(attr.bind_thread->thread_tag);
  if (!attr.pragmas.empty()) badges << "pragma";
  return badges;
}

QString RangeText(const QString& name, const schedule::StageBounds* bounds) {
  if (!bounds) return QString();
  for (const auto& b : bounds->iter_vars)
    if (QString::fromStdString(b.name) == name)
      return QString("[%1, %2]").arg(QString::fromStdString(b.min), QString::fromStdString(b.max));
  return QString();
}

GraphNode VarNode(const schedule::Stage& stage, const ir::IterVar& iv,
                  const schedule::StageBounds* bounds) {
  GraphNode n;
  QString name = VarName(iv);
  n.id = IterVarNodeId(name);
  QString range = RangeText(name, bounds);
  n.label = range.isEmpty() ? name : name + "\n" + range;
  bool leaf = stage->is_leaf(iv);
  n.kind = IsRoot(stage, iv) ? "root" : (leaf ? "leaf" : "var");
  if (IsRoot(stage, iv) && leaf) n.kind = "leaf";
  n.emphasized = leaf;
  n.shape = NodeShape::Ellipse;
  n.badges = Badges(stage, iv);
  n.tooltip = QObject::tr("%1 %2 (%3)%4")
                  .arg(name, range, QString(ir::iter_var_type_name(iv->iter_type)),
                       leaf ? QObject::tr(", leaf: a loop of the program") : QString());
  n.size = LabelSize(n.label, 60, 34);
  n.size.rwidth() += 12;
  return n;
}

// Edge labels say which child or parent a var is (outer / inner / fused ...).
void AddRelation(GraphModel& m, int k, const schedule::IterVarRelation& r) {
  GraphNode n;
  n.id = QString("rel:%1").arg(k);
  n.label = QString::fromUtf8(schedule::relation_name(r));
  n.kind = "relation";
  n.shape = NodeShape::Box;
  n.size = LabelSize(n.label, 44, 22);
  m.addNode(n);
  auto parents = schedule::relation_parents(r);
  auto children = schedule::relation_children(r);
  bool split = std::holds_alternative<schedule::SplitRelation>(r);
  bool fuse = std::holds_alternative<schedule::FuseRelation>(r);
  const QStringList outerInner{QObject::tr("outer"), QObject::tr("inner")};
  for (size_t i = 0; i < parents.size(); ++i)
    m.addEdge({IterVarNodeId(VarName(parents[i])), n.id,
               fuse && i < 2 ? outerInner[int(i)] : QString(), EdgeStyle::Solid, "relation"});
  for (size_t i = 0; i < children.size(); ++i)
    m.addEdge({n.id, IterVarNodeId(VarName(children[i])),
               split && i < 2 ? outerInner[int(i)] : QString(), EdgeStyle::Solid, "relation"});
}

}  // namespace

QString IterVarNodeId(const QString& var) { return "iv:" + var; }

QString IterVarOfNodeId(const QString& id) { return id.startsWith("iv:") ? id.mid(3) : QString(); }

GraphModel BuildIterVarGraph(const schedule::Stage& stage, const schedule::StageBounds* bounds) {
  GraphModel m;
  if (!stage) return m;
  QStringList roots;
  for (const ir::IterVar& iv : stage->all_iter_vars) {
    m.addNode(VarNode(stage, iv, bounds));
    if (IsRoot(stage, iv)) roots << IterVarNodeId(VarName(iv));
  }
  for (size_t k = 0; k < stage->relations.size(); ++k) AddRelation(m, int(k), stage->relations[k]);
  m.addSameRank(roots, true);
  return m;
}

}  // namespace tessera::views
