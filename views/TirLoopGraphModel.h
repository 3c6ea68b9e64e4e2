// TirLoopGraphModel: the loops and iterators of one TensorIR block as a GraphModel
// (headless), the IterVar hyper-graph's counterpart. The loops above the block
// ("loop:<var>"), outermost first, each with its range and kind; the block's iterators
// ("iter:<var>") with their kind (S / R), domain and binding, an expression of the
// loops that split and fuse leave behind, with an edge from every loop the binding uses;
// and the block's predicate (T.where) as one node ("where") fed by the loops it uses.
#pragma once

#include <QString>

#include "tir/Schedule.h"
#include "views/graph/GraphModel.h"

namespace tessera::views {

QString TirLoopNodeId(const QString& loop);
// The loop named by a node id ("" when the id is not a loop's).
QString TirLoopOfNodeId(const QString& id);
QString TirIterNodeId(const QString& iter);

// An empty model when `block` is not a block of the function.
GraphModel BuildTirLoopGraph(const tir::Schedule& sch, const QString& block);

}  // namespace tessera::views
