#include "views/StageDagView.h"

#include <QCursor>
#include <QMenu>

#include "schedule/Graph.h"
#include "views/PrimitiveMenus.h"
#include "views/PrimitiveRequests.h"
#include "views/StageDagModel.h"

namespace tessera::views {

StageDagView::StageDagView(QWidget* parent) : GraphPanel(parent) {
  connect(scene(), &GraphScene::nodeClicked, this, [this](const QString& id) {
    if (selectionModel() && !StageOfNodeId(id).isEmpty())
      selectionModel()->selectStage(StageOfNodeId(id));
  });
  connect(scene(), &GraphScene::nodeContextMenu, this, [this](const QString& id, const QPoint& at) {
    QMenu* menu = contextMenuFor(StageOfNodeId(id));
    if (!menu) return;
    menu->exec(at);
    menu->deleteLater();
  });
  scene()->setDropValidator([this](const QString& source, const QString& target) {
    return computeAtProblem(StageOfNodeId(source), StageOfNodeId(target));
  });
  connect(scene(), &GraphScene::nodeDropped, this,
          [this](const QString& source, const QString& target) {
            dropStage(StageOfNodeId(source), StageOfNodeId(target));
          });
}

void StageDagView::setState(const DocumentState& state) {
  state_ = state;
  if (!state.schedule) {
    showNothing(state.errors.empty() ? tr("The script creates no schedule.")
                                     : tr("No stage DAG: the script has errors."));
    return;
  }
  setNote(QString());
  showModel(BuildStageDag(*state.schedule, state.bounds.get()));
  selectionChanged();
}

void StageDagView::selectionChanged() {
  QSet<QString> ids;
  if (selectionModel() && !selectionModel()->stage().isEmpty())
    ids.insert(StageNodeId(selectionModel()->stage()));
  scene()->setHighlighted(ids);
}

QString StageDagView::computeAtProblem(const QString& source, const QString& target) const {
  return ComputeAtProblem(state_.schedule.get(), source, target);
}

void StageDagView::dropStage(const QString& source, const QString& target) {
  QString problem = computeAtProblem(source, target);
  if (!problem.isEmpty()) {
    emit statusMessage(problem);
    return;
  }
  QStringList loops = LeafNames(state_.schedule->find(target.toStdString()));
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
  emit intentRequested(Intent{"compute_at", source, {loop}, {{"target_stage", target}}});
}

QMenu* StageDagView::contextMenuFor(const QString& stage) {
  if (!state_.schedule || stage.isEmpty()) return nullptr;
  schedule::Stage s = state_.schedule->find(stage.toStdString());
  if (!s) return nullptr;
  auto* menu = new QMenu(this);
  menu->addSection(stage);
  AddStagePrimitives(menu, this, state_.schedule.get(), stage);
  return menu;
}

}  // namespace tessera::views
