#include "views/IterVarGraphView.h"

#include <QListWidget>
#include <QMenu>

#include "views/CachedTextDelegate.h"
#include "views/IterVarGraphModel.h"
#include "views/MakeTunableMenu.h"
#include "views/PrimitiveMenus.h"
#include "views/PrimitiveRequests.h"
#include "views/StageDagModel.h"

namespace tessera::views {

IterVarGraphView::IterVarGraphView(QWidget* parent)
    : GraphPanel(parent), strip_(new QListWidget(this)) {
  strip_->setFlow(QListView::LeftToRight);
  strip_->setWrapping(false);
  strip_->setDragDropMode(QAbstractItemView::InternalMove);
  strip_->setDefaultDropAction(Qt::MoveAction);
  strip_->setFixedHeight(44);
  strip_->setSpacing(3);
  // Refilled at every refresh: the loops' texts are laid out and sized once.
  strip_->setItemDelegate(new CachedTextDelegate(strip_));
  retranslateUi();
  addFooter(strip_);
  connect(strip_->model(), &QAbstractItemModel::rowsMoved, this, [this] { stripReordered(); });
  connect(strip_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    if (selectionModel()) selectionModel()->selectIterVar(stage_, item->text());
  });
  connect(scene(), &GraphScene::nodeClicked, this, [this](const QString& id) {
    QString var = IterVarOfNodeId(id);
    if (selectionModel() && !var.isEmpty()) selectionModel()->selectIterVar(stage_, var);
  });
  connect(scene(), &GraphScene::nodeContextMenu, this, [this](const QString& id, const QPoint& at) {
    QMenu* menu = contextMenuFor(IterVarOfNodeId(id));
    if (!menu) return;
    menu->exec(at);
    menu->deleteLater();
  });
  scene()->setDropValidator(
      [this](const QString& source, const QString& target) { return dropProblem(source, target); });
  connect(scene(), &GraphScene::nodeDropped, this, &IterVarGraphView::dropNode);
}

void IterVarGraphView::retranslateUi() {
  strip_->setToolTip(tr("Loop order, outermost first: drag a loop to reorder"));
}

schedule::Stage IterVarGraphView::stage() const {
  return state_.schedule ? state_.schedule->find(stage_.toStdString()) : nullptr;
}

void IterVarGraphView::setState(const DocumentState& state) {
  state_ = state;
  if (!state.schedule) {
    showNothing(tr("No iter vars: the script has no schedule."));
    return;
  }
  QString wanted = selectionModel() ? selectionModel()->stage() : QString();
  if (wanted.isEmpty() || !state.schedule->find(wanted.toStdString())) wanted = stage_;
  if (wanted.isEmpty() || !state.schedule->find(wanted.toStdString())) {
    // Default: the last output stage (the kernel's result).
    for (const auto& s : state.schedule->stages)
      if (s->is_output) wanted = QString::fromStdString(s->name());
  }
  showStage(wanted);
}

void IterVarGraphView::showStage(const QString& name) {
  stage_ = name;
  schedule::Stage s = stage();
  if (!s) return;
  if (s->is_placeholder()) {
    setNote(tr("%1 is an input (placeholder): it has no loops.").arg(name));
    showModel(GraphModel());
    fillStrip();
    return;
  }
  const schedule::StageBounds* bounds = state_.bounds ? state_.bounds->find(s->name()) : nullptr;
  setNote(tr("Stage %1").arg(name));
  showModel(BuildIterVarGraph(s, bounds));
  fillStrip();
  selectionChanged();
}

// Refilled only when the loop order changed: a list widget lays its items out again
// on every change, on every refresh otherwise.
void IterVarGraphView::fillStrip() {
  QStringList leaves = LeafNames(stage());
  QStringList shown;
  for (int i = 0; i < strip_->count(); ++i) shown << strip_->item(i)->text();
  if (shown == leaves) return;
  fillingStrip_ = true;
  strip_->clear();
  strip_->addItems(leaves);
  fillingStrip_ = false;
}

void IterVarGraphView::stripReordered() {
  if (fillingStrip_) return;
  QStringList order;
  for (int i = 0; i < strip_->count(); ++i) order << strip_->item(i)->text();
  if (order == LeafNames(stage())) return;
  emit intentRequested(Intent{"reorder", stage_, order, {}});
  // The strip shows the schedule, not the gesture: an illegal order snaps back.
  fillStrip();
}

void IterVarGraphView::selectionChanged() {
  if (!selectionModel()) return;
  QString wanted = selectionModel()->stage();
  if (!wanted.isEmpty() && wanted != stage_ && state_.schedule &&
      state_.schedule->find(wanted.toStdString())) {
    showStage(wanted);
    return;
  }
  QSet<QString> ids;
  if (selectionModel()->stage() == stage_ && !selectionModel()->iterVar().isEmpty())
    ids.insert(IterVarNodeId(selectionModel()->iterVar()));
  scene()->setHighlighted(ids);
  for (int i = 0; i < strip_->count(); ++i)
    strip_->item(i)->setSelected(ids.contains(IterVarNodeId(strip_->item(i)->text())));
}

QString IterVarGraphView::dropProblem(const QString& source, const QString& target) const {
  schedule::Stage s = stage();
  QString to = IterVarOfNodeId(target);
  if (!s || to.isEmpty()) return tr("Drop on a loop (iter var).");
  QStringList leaves = LeafNames(s);
  if (!leaves.contains(to)) return tr("%1 is not a loop any more (not a leaf var).").arg(to);
  QString stageSource = StageOfNodeId(source);
  if (!stageSource.isEmpty()) return ComputeAtProblem(state_.schedule.get(), stageSource, stage_);
  QString from = IterVarOfNodeId(source);
  if (!leaves.contains(from)) return tr("fuse: %1 is not a loop (not a leaf var).").arg(from);
  int a = leaves.indexOf(from), b = leaves.indexOf(to);
  if (std::abs(a - b) != 1)
    return tr("fuse: %1 and %2 are not neighbours in the loop order (%3).")
        .arg(from, to, leaves.join(", "));
  // The preview runs the same check as the drop: fuse itself, on a copy.
  return a < b ? FuseProblem(state_.schedule.get(), stage_, from, to)
               : FuseProblem(state_.schedule.get(), stage_, to, from);
}

void IterVarGraphView::dropNode(const QString& source, const QString& target) {
  QString problem = dropProblem(source, target);
  if (!problem.isEmpty()) {
    emit statusMessage(problem);
    return;
  }
  QString to = IterVarOfNodeId(target);
  if (QString producer = StageOfNodeId(source); !producer.isEmpty()) {
    emit intentRequested(Intent{"compute_at", producer, {to}, {{"target_stage", stage_}}});
    return;
  }
  QString from = IterVarOfNodeId(source);
  QStringList leaves = LeafNames(stage());
  QStringList pair =
      leaves.indexOf(from) < leaves.indexOf(to) ? QStringList{from, to} : QStringList{to, from};
  emit intentRequested(Intent{"fuse", stage_, pair, {}});
}

QMenu* IterVarGraphView::contextMenuFor(const QString& var) {
  schedule::Stage s = stage();
  if (!s || var.isEmpty()) return nullptr;
  auto* menu = new QMenu(this);
  menu->addSection(stage_ + "." + var);
  AddIterVarPrimitives(menu, this, state_.schedule.get(), state_.bounds.get(), stage_, var);
  menu->addSeparator();
  AddMakeTunableMenu(menu, state_.schedule.get(), stage_, var,
                     [this](const Intent& i) { emit intentRequested(i); });
  return menu;
}

}  // namespace tessera::views
