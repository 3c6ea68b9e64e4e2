// Which regions of which buffers a block reads and writes (TVM's GetBlockAccessRegion):
// every BufferLoad / BufferStore of the block's body and init, relaxed over the loops
// inside the block, united per buffer in order of first appearance. Child blocks count
// through their own declared regions with their bindings substituted. A block with an
// init does not list the buffers it writes among its reads (the update reads them only
// as the reduction's accumulator).
#pragma once

#include <vector>

#include "tir/Stmt.h"

namespace tessera::tir {

struct AccessRegions {
  std::vector<BufferRegion> reads, writes;
};

// `known` lists the buffers whose accesses count (parameters and allocated buffers);
// accesses of other buffers are ignored, as TVM ignores buffers it cannot resolve.
AccessRegions GetBlockAccessRegion(const BlockNode& block, const std::vector<Buffer>& known);

}  // namespace tessera::tir
