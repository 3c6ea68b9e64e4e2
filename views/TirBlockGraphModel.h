// TirBlockGraphModel: a TensorIR function's blocks as a GraphModel (headless), the
// Stage DAG's counterpart. One node per block ("block:<name>"), marked as a cache copy,
// an init block (decompose_reduction), an rfactor block or a reduction; one node per
// parameter buffer ("buffer:<name>") with edges into the blocks that read it and from
// the blocks that write it; producer -> consumer edges labelled with the buffer between
// blocks; the root block ("block:root"), when it allocates buffers, listing them with a
// dotted edge to the blocks that write each; and where
// blocks share a loop (compute_at / reverse_compute_at), a loop node ("at:<loop>")
// with a dashed edge from every block placed directly under it.
#pragma once

#include <QString>

#include "tir/Schedule.h"
#include "views/graph/GraphModel.h"

namespace tessera::views {

QString TirBlockNodeId(const QString& block);
// The block named by a node id ("" when the id is not a block's; the root's is "root";
// "block:NAME#2", the second block of a name, is NAME).
QString TirBlockOfNodeId(const QString& id);
QString TirBufferNodeId(const QString& buffer);

GraphModel BuildTirBlockGraph(const tir::Schedule& sch);

}  // namespace tessera::views
