#include "views/TirLoopGraphModel.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ScriptPrinter.h"
#include "views/TirIntents.h"
#include "views/TirText.h"
#include "views/graph/GraphItems.h"

namespace tessera::views {

QString TirLoopNodeId(const QString& loop) { return "loop:" + loop; }
QString TirLoopOfNodeId(const QString& id) {
  return id.startsWith("loop:") ? id.mid(5) : QString();
}
QString TirIterNodeId(const QString& iter) { return "iter:" + iter; }

GraphModel BuildTirLoopGraph(const tir::Schedule& sch, const QString& block) {
  GraphModel m;
  const tir::BlockRealizeNode* realize = TirFindBlock(sch, block);
  if (!realize || realize == tir::RootRealize(sch.func())) return m;
  std::vector<const tir::ForNode*> loops = TirLoopsOf(sch, block);

  QStringList loopIds;
  for (const tir::ForNode* l : loops) {
    QString name = Q(l->loop_var.name());
    const QString range = TirLoopRangeText(*l);
    GraphNode n(TirLoopNodeId(name), name + " in " + range, NodeShape::Box);
    n.kind = "loop";
    QString kind = TirLoopKindText(*l);
    n.badges << kind;
    for (const auto& [key, value] : l->annotations) n.badges << Q(key);
    n.emphasized = kind != "serial";
    n.tooltip = QObject::tr("Loop %1 of %2: %3, %4").arg(name, block, range, kind);
    n.size = LabelSize(n.label + "\nbadge", 70, 34);
    m.addNode(n);
    if (!loopIds.isEmpty())
      m.addEdge(GraphEdge(loopIds.back(), n.id, {}, EdgeStyle::Dotted, "nest"));
    loopIds << n.id;
  }

  QStringList iterIds;
  const tir::BlockNode& b = *realize->block;
  for (size_t i = 0; i < b.iter_vars.size(); ++i) {
    const tir::IterVar& iv = b.iter_vars[i];
    QString name = Q(iv->var.name());
    char kind = tir::IterKindChar(iv->iter_type);
    ir::Expr dom_end = ir::is_zero(iv->dom.min) ? iv->dom.extent : iv->dom.min + iv->dom.extent;
    QString label =
        QString("%1: %2 in [%3, %4)")
            .arg(name, QString(QChar(kind)), TirExprText(iv->dom.min), TirExprText(dom_end));
    ir::Expr binding = i < realize->iter_values.size() ? realize->iter_values[i] : ir::Expr();
    if (binding.defined()) label += "\n= " + TirExprText(binding);
    GraphNode n(TirIterNodeId(name), label, NodeShape::Ellipse);
    n.kind = kind == 'R' ? "reduce" : "spatial";
    n.badges << QString(QChar(kind));
    n.tooltip =
        QObject::tr("Block iterator %1 of %2 (%3), bound to %4")
            .arg(name, block, kind == 'R' ? QObject::tr("reduction") : QObject::tr("spatial"),
                 binding.defined() ? TirExprText(binding) : QString("?"));
    n.size = LabelSize(label, 70, 34);
    m.addNode(n);
    iterIds << n.id;
    for (const tir::ForNode* l : loops)
      if (binding.defined() && ir::UsesVar(binding, l->loop_var))
        m.addEdge(
            GraphEdge(TirLoopNodeId(Q(l->loop_var.name())), n.id, {}, EdgeStyle::Solid, "binding"));
  }
  if (!iterIds.isEmpty()) m.addSameRank(iterIds);

  const ir::Expr& pred = realize->predicate;
  if (pred.defined() && !ir::is_one(pred)) {
    GraphNode n("where", "T.where(" + TirExprText(pred) + ")", NodeShape::Diamond);
    n.kind = "predicate";
    n.tooltip = QObject::tr("The block runs only where this holds (a split that does not divide)");
    n.size = LabelSize(n.label, 80, 40);
    m.addNode(n);
    for (const tir::ForNode* l : loops)
      if (ir::UsesVar(pred, l->loop_var))
        m.addEdge(GraphEdge(TirLoopNodeId(Q(l->loop_var.name())), n.id, {}, EdgeStyle::Dashed,
                            "predicate"));
  }
  return m;
}

}  // namespace tessera::views
