// StageDagModel: the Stage DAG of a schedule as a GraphModel (headless). One node per
// stage ("stage:<name>"): placeholder, compute or cache (a stage with a storage scope);
// data-flow edges producer -> consumer; a dashed "attach" edge from a stage computed at
// a loop to the stage owning that loop, labelled with the loop; inlined stages greyed;
// outputs badged.
#pragma once

#include <QString>

#include "schedule/BoundsReport.h"
#include "schedule/Schedule.h"
#include "views/graph/GraphModel.h"

namespace tessera::views {

QString StageNodeId(const QString& stage);
// The stage named by a node id ("" when the id is not a stage's).
QString StageOfNodeId(const QString& id);

GraphModel BuildStageDag(const schedule::Schedule& sch, const schedule::BoundsReport* bounds);

}  // namespace tessera::views
