#include "views/TirBlockGraphView.h"

#include <QCursor>
#include <QMenu>

#include "views/TirBlockGraphModel.h"
#include "views/TirIntents.h"

namespace tessera::views {

TirBlockGraphView::TirBlockGraphView(QWidget* parent) : GraphPanel(parent) {
  connect(scene(), &GraphScene::nodeClicked, this, [this](const QString& id) {
    QString block = TirBlockOfNodeId(id);
    if (selectionModel() && !block.isEmpty() && block != "root")
      selectionModel()->selectStage(block);
  });
  connect(scene(), &GraphScene::nodeContextMenu, this, [this](const QString& id, const QPoint& at) {
    QMenu* menu = contextMenuFor(TirBlockOfNodeId(id));
    if (!menu) return;
    menu->exec(at);
    menu->deleteLater();
  });
  scene()->setDropValidator(
      [this](const QString& source, const QString& target) { return dropProblem(source, target); });
  connect(scene(), &GraphScene::nodeDropped, this, &TirBlockGraphView::dropNode);
}

void TirBlockGraphView::setState(const DocumentState& state) {
  sch_ = state.tir_schedule;
  if (!sch_) {
    showNothing(state.errors.empty() ? tr("The script creates no TensorIR schedule.")
                                     : tr("No block graph: the script has errors."));
    return;
  }
  setNote(
      tr("%1: blocks and the buffers between them").arg(QString::fromStdString(sch_->func().name)));
  showModel(BuildTirBlockGraph(*sch_));
  selectionChanged();
}

void TirBlockGraphView::selectionChanged() {
  QSet<QString> ids;
  if (selectionModel() && !selectionModel()->stage().isEmpty())
    ids.insert(TirBlockNodeId(selectionModel()->stage()));
  if (selectionModel() && !selectionModel()->buffer().isEmpty())
    ids.insert(TirBufferNodeId(selectionModel()->buffer()));
  scene()->setHighlighted(ids);
}

QStringList TirBlockGraphView::legalLoops(const QString& source, const QString& target,
                                          QString* firstProblem) const {
  QStringList out;
  if (!sch_) return out;
  for (const QString& loop : TirLoopNames(*sch_, target)) {
    TirDrop d = TirBlockOnLoop(*sch_, source, target, loop);
    if (d.problem.isEmpty())
      out << loop;
    else if (firstProblem && firstProblem->isEmpty())
      *firstProblem = d.problem;
  }
  return out;
}

QString TirBlockGraphView::dropProblem(const QString& sourceId, const QString& targetId) const {
  if (!sch_) return tr("There is no TensorIR schedule.");
  QString source = TirBlockOfNodeId(sourceId);
  QString target = TirBlockOfNodeId(targetId);
  if (source.isEmpty() || target.isEmpty() || source == "root" || target == "root")
    return tr("Drop a block on another block to compute it at one of its loops.");
  if (source == target) return tr("A block cannot be computed at its own loops.");
  if (!TirBlockFeeds(*sch_, source, target) && !TirBlockFeeds(*sch_, target, source))
    return tr("%1 and %2 share no buffer: neither reads what the other writes.")
        .arg(source, target);
  QString problem;
  if (!legalLoops(source, target, &problem).isEmpty()) return QString();
  return problem.isEmpty() ? tr("%1 has no loop to compute %2 at.").arg(target, source) : problem;
}

void TirBlockGraphView::dropNode(const QString& sourceId, const QString& targetId) {
  if (QString problem = dropProblem(sourceId, targetId); !problem.isEmpty()) {
    emit statusMessage(problem);
    return;
  }
  QString source = TirBlockOfNodeId(sourceId);
  QString target = TirBlockOfNodeId(targetId);
  QStringList loops = legalLoops(source, target, nullptr);
  QString loop;
  if (chooser_) {
    loop = chooser_(target, loops);
  } else {
    QMenu menu;
    menu.addSection(tr("Compute %1 at a loop of %2").arg(source, target));
    for (const QString& l : loops) menu.addAction(l);
    if (QAction* a = menu.exec(QCursor::pos())) loop = a->text();
  }
  if (loop.isEmpty()) return;
  TirDrop d = TirBlockOnLoop(*sch_, source, target, loop);
  if (d.intent && d.problem.isEmpty())
    emit intentRequested(*d.intent);
  else
    emit statusMessage(d.problem);
}

QMenu* TirBlockGraphView::contextMenuFor(const QString& block) {
  if (!sch_ || block.isEmpty() || block == "root" || !TirFindBlock(*sch_, block)) return nullptr;
  auto* menu = new QMenu(this);
  menu->setToolTipsVisible(true);
  menu->addSection(block);
  for (const QString& p : TirBlockPrimitives()) {
    QAction* a = menu->addAction(TirPrimitiveTitle(p));
    a->setObjectName(p);
    // Parameterless primitives are enabled exactly when the schedule accepts them.
    QString problem = TirBlockMenuProblem(*sch_, p, block);
    a->setEnabled(problem.isEmpty());
    a->setToolTip(problem);
    connect(a, &QAction::triggered, this, [this, p, block] { requestPrimitive(p, block); });
  }
  return menu;
}

void TirBlockGraphView::requestPrimitive(const QString& primitive, const QString& block) {
  if (!sch_) return;
  PrimitiveRequest r =
      RequestTirPrimitive(this, primitive, *sch_, block, QString(), intentCheck(), tirDryRun());
  if (r.intent)
    emit intentRequested(*r.intent);
  else if (!r.problem.isEmpty())
    emit statusMessage(r.problem);
}

}  // namespace tessera::views
