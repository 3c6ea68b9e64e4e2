// PrimitiveRequests: turns "apply <primitive> to this stage / iter var" (a menu item,
// a context menu, a shortcut) into an Intent, asking the missing parameters with the
// ParameterDialog and taking sensible defaults from the schedule (the next leaf var to
// fuse or tile with, the consumers of a cached stage, the loops compute_at may use).
#pragma once

#include <QString>
#include <QStringList>
#include <optional>

#include "schedule/Schedule.h"
#include "views/Intent.h"

class QWidget;

namespace tessera::views {

struct PrimitiveRequest {
  std::optional<Intent> intent;  // set when the request is complete
  QString problem;               // why not (empty when the user cancelled)
};

// The primitives offered for an iter var and for a stage, in menu order.
const QStringList& IterVarPrimitives();
const QStringList& StagePrimitives();
// The menu text of a primitive ("Split…").
QString PrimitiveTitle(const QString& primitive);

PrimitiveRequest RequestPrimitive(QWidget* parent, const QString& primitive,
                                  const schedule::Schedule* sch, const QString& stage,
                                  const QString& iterVar);

// Why stage `producer` cannot be computed at a loop of stage `consumer` ("" = it can):
// the one compute_at check behind every drop of a stage (Stage DAG, IterVar graph,
// loop nest), so that all of them explain a refusal with the same words.
QString ComputeAtProblem(const schedule::Schedule* sch, const QString& producer,
                         const QString& consumer);

// Why `primitive` cannot be applied to loop `iterVar` of `stage` as the menus apply it
// ("" = it can). Fuse (with the next loop), vectorize, unroll and parallel run the
// primitive's own legality check on a copy of the schedule, so a menu item is enabled
// exactly when applying it succeeds; an annotation the loop already has is refused too
// (applying it again would only add a duplicate trace line). The others need a leaf
// loop (split any loop of the stage; tile a next loop).
QString IterVarPrimitiveProblem(const schedule::Schedule* sch, const QString& stage,
                                const QString& primitive, const QString& iterVar);
// Why fusing the neighbouring leaf loops `outer` and `inner` of `stage` is illegal ("" =
// legal): the fuse primitive's own check, on a copy of the schedule.
QString FuseProblem(const schedule::Schedule* sch, const QString& stage, const QString& outer,
                    const QString& inner);

// Thread tags offered by bind.
const QStringList& ThreadTags();
// The leaf var after `iterVar` in `stage`'s loop order ("" when none).
QString NextLeaf(const schedule::Stage& stage, const QString& iterVar);
QStringList LeafNames(const schedule::Stage& stage);

}  // namespace tessera::views
