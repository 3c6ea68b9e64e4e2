// IterVarGraphModel: one stage's IterVar hyper-graph as a GraphModel (headless). Every
// IterVar is a node ("iv:<name>") labelled with its InferBound range; root vars sit on
// the top rank, leaf vars are emphasized; each relation (split, fuse, rebase, ...) is
// a small node ("rel:<k>") between its parents and children; annotation badges say
// vectorized / unrolled / parallel / the bound thread / reduce.
#pragma once

#include <QString>

#include "schedule/BoundsReport.h"
#include "schedule/Schedule.h"
#include "views/graph/GraphModel.h"

namespace tessera::views {

QString IterVarNodeId(const QString& var);
// The iter var named by a node id ("" when the id is not an iter var's).
QString IterVarOfNodeId(const QString& id);

GraphModel BuildIterVarGraph(const schedule::Stage& stage, const schedule::StageBounds* bounds);

}  // namespace tessera::views
