#include "views/PrimitiveMenus.h"

#include <QCoreApplication>
#include <QMenu>

#include "views/PrimitiveRequests.h"
#include "views/ViewBase.h"

namespace tessera::views {

class PrimitiveMenuText {
  Q_DECLARE_TR_FUNCTIONS(tessera::views::PrimitiveMenuText)
};

namespace {

// Asks the primitive's parameters; the view emits the intent or says why there is none.
void Request(ViewBase* view, const QString& primitive, const schedule::Schedule* sch,
             const QString& stage, const QString& var, const schedule::BoundsReport* bounds) {
  PrimitiveRequest r =
      RequestPrimitive(view, primitive, sch, stage, var, bounds, view->intentCheck());
  if (r.intent)
    emit view->intentRequested(*r.intent);
  else if (!r.problem.isEmpty())
    emit view->statusMessage(r.problem);
}

}  // namespace

void AddIterVarPrimitives(QMenu* menu, ViewBase* view, const schedule::Schedule* sch,
                          const schedule::BoundsReport* bounds, const QString& stage,
                          const QString& var) {
  menu->setToolTipsVisible(true);
  for (const QString& p : IterVarPrimitives()) {
    QAction* a = menu->addAction(PrimitiveTitle(p));
    a->setObjectName(p);
    QString problem = IterVarPrimitiveProblem(sch, stage, p, var);
    a->setEnabled(problem.isEmpty());
    a->setToolTip(problem);
    QObject::connect(a, &QAction::triggered, view,
                     [=] { Request(view, p, sch, stage, var, bounds); });
  }
}

void AddStagePrimitives(QMenu* menu, ViewBase* view, const schedule::Schedule* sch,
                        const QString& stage) {
  schedule::Stage s = sch ? sch->find(stage.toStdString()) : schedule::Stage();
  if (!s) return;
  menu->setToolTipsVisible(true);
  for (const QString& p : StagePrimitives()) {
    QAction* a = menu->addAction(PrimitiveTitle(p));
    a->setObjectName(p);
    bool applies = p == "cache_read" || p == "transform_layout" || !s->is_placeholder();
    a->setEnabled(applies);
    if (!applies)
      a->setToolTip(
          PrimitiveMenuText::tr("%1 is an input (placeholder): it is not computed.").arg(stage));
    QObject::connect(a, &QAction::triggered, view,
                     [=] { Request(view, p, sch, stage, QString(), nullptr); });
  }
}

void AddComputeHereMenu(QMenu* menu, ViewBase* view, const schedule::Schedule* sch,
                        const QString& stage, const QString& var) {
  QMenu* sub = menu->addMenu(PrimitiveMenuText::tr("Compute Here"));
  sub->setObjectName("menuComputeHere");
  if (sch)
    for (const schedule::Stage& s : sch->stages) {
      QString producer = QString::fromStdString(s->name());
      if (!ComputeAtProblem(sch, producer, stage).isEmpty()) continue;
      QAction* a =
          sub->addAction(PrimitiveMenuText::tr("compute_at(%1, %2.%3)").arg(producer, stage, var));
      a->setObjectName("computeHere_" + producer);
      QObject::connect(a, &QAction::triggered, view, [=] {
        emit view->intentRequested(
            Intent{"compute_at", producer, {var}, {{"target_stage", stage}}});
      });
    }
  if (sub->actions().isEmpty())
    sub->addAction(PrimitiveMenuText::tr("No stage read here can be computed at this loop"))
        ->setEnabled(false);
}

}  // namespace tessera::views
