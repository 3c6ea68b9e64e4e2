#include "views/TirLoopGraphView.h"

#include <QMenu>

#include "ir/ExprOp.h"
#include "views/MakeTunableMenu.h"
#include "views/TirBlockGraphModel.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphModel.h"

namespace tessera::views {

struct TirLoopGraphView::Drop {
  std::optional<Intent> intent;
  QString problem;
};

TirLoopGraphView::TirLoopGraphView(QWidget* parent)
    : GraphPanel(parent),
      strip_(new TirLoopStrip(
          this, [this](const QString& payload, const QString& loop, TirDropPlace place) {
            return stripDrop(payload, loop, place);
          })) {
  strip_->setToolTip(
      tr("Loop order, outermost first: drag a loop between two others to move it "
         "there, onto its neighbour to fuse them"));
  addFooter(strip_);
  connect(strip_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    if (selectionModel()) selectionModel()->selectIterVar(block_, item->text());
  });
  connect(scene(), &GraphScene::nodeClicked, this, [this](const QString& id) {
    QString loop = TirLoopOfNodeId(id);
    if (selectionModel() && !loop.isEmpty()) selectionModel()->selectIterVar(block_, loop);
  });
  connect(scene(), &GraphScene::nodeContextMenu, this, [this](const QString& id, const QPoint& at) {
    QMenu* menu = contextMenuFor(TirLoopOfNodeId(id));
    if (!menu) return;
    menu->exec(at);
    menu->deleteLater();
  });
  scene()->setDropValidator(
      [this](const QString& source, const QString& target) { return dropProblem(source, target); });
  connect(scene(), &GraphScene::nodeDropped, this, &TirLoopGraphView::dropNode);
}

void TirLoopGraphView::setState(const DocumentState& state) {
  sch_ = state.tir_schedule;
  if (!sch_) {
    showNothing(tr("No loops: the script has no TensorIR schedule."));
    strip_->clear();
    return;
  }
  QString wanted = selectionModel() ? selectionModel()->stage() : QString();
  if (!TirFindBlock(*sch_, wanted)) wanted = block_;
  if (!TirFindBlock(*sch_, wanted)) {
    // Default: the last block (usually the one writing the output).
    std::vector<const tir::BlockRealizeNode*> blocks = TirBlocks(*sch_);
    wanted = blocks.empty() ? QString() : QString::fromStdString(blocks.back()->block->name);
  }
  showBlock(wanted);
}

void TirLoopGraphView::showBlock(const QString& block) {
  block_ = block;
  if (!sch_ || block.isEmpty()) {
    showNothing(tr("The function has no block."));
    strip_->clear();
    return;
  }
  const tir::BlockRealizeNode* r = TirFindBlock(*sch_, block);
  QString note = tr("Block %1: its loops, iterators and bindings").arg(block);
  if (r && r->predicate.defined() && !ir::is_one(r->predicate)) note += tr(" (with a predicate)");
  setNote(note);
  showModel(BuildTirLoopGraph(*sch_, block));
  fillStrip();
  selectionChanged();
}

void TirLoopGraphView::fillStrip() {
  QString selected = selectionModel() && selectionModel()->stage() == block_
                         ? selectionModel()->iterVar()
                         : QString();
  strip_->setLoops(block_, sch_ ? TirLoopNames(*sch_, block_) : QStringList(), selected);
}

void TirLoopGraphView::selectionChanged() {
  if (!sch_ || !selectionModel()) return;
  QString block = selectionModel()->stage();
  if (!block.isEmpty() && block != block_ && TirFindBlock(*sch_, block)) {
    showBlock(block);
    return;
  }
  QSet<QString> ids;
  if (selectionModel()->stage() == block_ && !selectionModel()->iterVar().isEmpty())
    ids.insert(TirLoopNodeId(selectionModel()->iterVar()));
  scene()->setHighlighted(ids);
  for (int row = 0; row < strip_->count(); ++row) {
    QListWidgetItem* item = strip_->item(row);
    item->setSelected(selectionModel()->stage() == block_ &&
                      item->text() == selectionModel()->iterVar());
  }
}

TirDrop TirLoopGraphView::stripDrop(const QString& payload, const QString& loop,
                                    TirDropPlace place) const {
  if (!sch_) return {std::nullopt, tr("There is no TensorIR schedule.")};
  if (QString block = TirBlockOfNodeId(payload); !block.isEmpty())
    return TirBlockOnLoop(*sch_, block, block_, loop);
  QString source = TirLoopOfNodeId(payload);
  if (source.contains('/')) {
    if (source.section('/', 0, 0) != block_)
      return {std::nullopt, tr("Only loops of %1 can be dropped here.").arg(block_)};
    source = source.section('/', 1);
  }
  if (source.isEmpty()) return {std::nullopt, tr("Drop a loop or a block on a loop.")};
  return TirLoopOnLoop(*sch_, block_, source, loop, place);
}

TirLoopGraphView::Drop TirLoopGraphView::dropOf(const QString& source,
                                                const QString& target) const {
  if (!sch_) return {std::nullopt, tr("There is no TensorIR schedule.")};
  QString targetLoop = TirLoopOfNodeId(target);
  if (targetLoop.isEmpty()) return {std::nullopt, tr("Drop on a loop.")};
  if (QString block = TirBlockOfNodeId(source); !block.isEmpty()) {
    TirDrop d = TirBlockOnLoop(*sch_, block, block_, targetLoop);
    return {d.intent, d.problem};
  }
  // A loop from the loop nest ("loop:<block>/<var>") or from this graph ("loop:<var>").
  QString sourceLoop = TirLoopOfNodeId(source);
  if (sourceLoop.contains('/')) {
    if (sourceLoop.section('/', 0, 0) != block_)
      return {std::nullopt, tr("Only loops of %1 can be dropped here.").arg(block_)};
    sourceLoop = sourceLoop.section('/', 1);
  }
  if (sourceLoop.isEmpty()) return {std::nullopt, tr("Drop a loop or a block on a loop.")};
  TirDrop d = TirLoopOnLoop(*sch_, block_, sourceLoop, targetLoop);
  return {d.intent, d.problem};
}

QString TirLoopGraphView::dropProblem(const QString& source, const QString& target) const {
  return dropOf(source, target).problem;
}

void TirLoopGraphView::dropNode(const QString& source, const QString& target) {
  Drop d = dropOf(source, target);
  if (d.intent && d.problem.isEmpty())
    emit intentRequested(*d.intent);
  else
    emit statusMessage(d.problem);
}

QMenu* TirLoopGraphView::contextMenuFor(const QString& loop) {
  if (!sch_ || loop.isEmpty() || !TirLoopNames(*sch_, block_).contains(loop)) return nullptr;
  auto* menu = new QMenu(this);
  menu->setToolTipsVisible(true);
  menu->addSection(block_ + ": " + loop);
  for (const QString& p : TirLoopPrimitives()) {
    QAction* a = menu->addAction(TirPrimitiveTitle(p));
    a->setObjectName(p);
    QString problem = TirLoopMenuProblem(*sch_, p, block_, loop);
    a->setEnabled(problem.isEmpty());
    a->setToolTip(problem);
    connect(a, &QAction::triggered, this, [this, p, loop] { requestPrimitive(p, loop); });
  }
  AddTirMakeTunableAction(menu);
  return menu;
}

void TirLoopGraphView::requestPrimitive(const QString& primitive, const QString& loop) {
  if (!sch_) return;
  PrimitiveRequest r =
      RequestTirPrimitive(this, primitive, *sch_, block_, loop, intentCheck(), tirDryRun());
  if (r.intent)
    emit intentRequested(*r.intent);
  else if (!r.problem.isEmpty())
    emit statusMessage(r.problem);
}

}  // namespace tessera::views
