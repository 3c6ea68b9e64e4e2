// PrimitiveRequests: turns "apply <primitive> to this stage / iter var" (a menu item,
// a context menu, a shortcut) into an Intent, asking the missing parameters with the
// ParameterDialog and taking sensible defaults from the schedule (the next leaf var to
// fuse or tile with, the consumers of a cached stage, the loops compute_at may use).
#pragma once

#include <QString>
#include <QStringList>
#include <optional>

#include "schedule/BoundsReport.h"
#include "schedule/Schedule.h"
#include "views/Intent.h"
#include "views/ParameterDialog.h"

class QWidget;

namespace tessera::views {

struct PrimitiveRequest {
  std::optional<Intent> intent;  // set when the request is complete
  QString problem;               // why not (empty when the user cancelled)
};

// A dialog field: an integer (at least `minimum`), or one of `choices` (the first by default).
ParamField IntField(const QString& key, const QString& label, int value, int minimum = 1);
ParamField ChoiceField(const QString& key, const QString& label, const QStringList& choices);

// The primitives offered for an iter var and for a stage, in menu order.
const QStringList& IterVarPrimitives();
const QStringList& StagePrimitives();
// The menu text of a primitive ("Split…").
QString PrimitiveTitle(const QString& primitive);

// `bounds` (optional) gives the loops' extents for the split dialog's preview.
PrimitiveRequest RequestPrimitive(QWidget* parent, const QString& primitive,
                                  const schedule::Schedule* sch, const QString& stage,
                                  const QString& iterVar,
                                  const schedule::BoundsReport* bounds = nullptr,
                                  const IntentCheck& check = {});

// The split dialog's preview: the extents `var` of extent `extent` ("" = unknown)
// splits into with `factor`, or with `nparts` when it is > 0.
QString SplitPreview(const QString& var, const QString& extent, int64_t factor, int64_t nparts);

// Why stage `producer` cannot be computed at a loop of stage `consumer` ("" = it can):
// the one compute_at check behind every drop of a stage (Stage DAG, IterVar graph,
// loop nest), so that all of them explain a refusal with the same words.
QString ComputeAtProblem(const schedule::Schedule* sch, const QString& producer,
                         const QString& consumer);

// Why `primitive` cannot be applied to loop `iterVar` of `stage` as the menus apply it
// ("" = it can). Fuse (with the next loop), vectorize, unroll, parallel and prefetch (of
// some tensor the stage reads) run the primitive's own legality check on a copy of the
// schedule, so a menu item is enabled
// exactly when applying it succeeds; an annotation the loop already has is refused too
// (applying it again would only add a duplicate trace line). Split and tile run their
// own checks the same way (with factor 1: legality does not depend on it); the others
// need a leaf loop.
QString IterVarPrimitiveProblem(const schedule::Schedule* sch, const QString& stage,
                                const QString& primitive, const QString& iterVar);

// The tensors `stage` reads (the first output of each operation), which it may prefetch.
QStringList ReadTensors(const schedule::Stage& stage);
// Why fusing the neighbouring leaf loops `outer` and `inner` of `stage` is illegal ("" =
// legal): the fuse primitive's own check, on a copy of the schedule.
QString FuseProblem(const schedule::Schedule* sch, const QString& stage, const QString& outer,
                    const QString& inner);

// Why reordering `stage`'s leaf loops into `order` is illegal ("" = legal): the reorder
// primitive's own check, on a copy of the schedule.
QString ReorderProblem(const schedule::Schedule* sch, const QString& stage,
                       const QStringList& order);
// `order` with `moved` taken out and put back just before `target` (after it when
// `after`): what dropping one loop on another in a loop list does.
QStringList MoveLoop(QStringList order, const QString& moved, const QString& target, bool after);

// Thread tags offered by bind.
const QStringList& ThreadTags();
// The leaf var after `iterVar` in `stage`'s loop order ("" when none).
QString NextLeaf(const schedule::Stage& stage, const QString& iterVar);
QStringList LeafNames(const schedule::Stage& stage);

}  // namespace tessera::views
