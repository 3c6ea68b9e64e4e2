// StridedPack: the channel tile's copy of a broadcast input that the tile reads at a column
// stride s > 1 (a strided convolution's data[n, c, s*y + ry, s*x + rx]). The copy of a
// reduction chunk (ChannelTile.h, <stage>.channel/pack = 2) is stored in s phases,
// [w % s, the other dimensions..., w // s], so that the columns one phase holds are the
// ones s apart in the input: the tile reads them at unit stride, and phases no read
// reaches (1x1 stride 2: the odd columns) are not stored — the copy holds the columns the
// tile reads and no others, where a plain copy of the chunk's rows holds every column
// between the first and the last read.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/Expr.h"
#include "ir/IterVar.h"
#include "schedule/Schedule.h"
#include "support/Result.h"
#include "tune/TargetInfo.h"

namespace tessera::tune {

// How a tensor's loads index it along the output's column axis.
struct ColumnStride {
  size_t dim = 0;               // the tensor's dimension the column indexes
  int64_t stride = 1;           // s: the index moves by s per output column (1: no phases)
  std::vector<int64_t> phases;  // the residues mod s the loads reach, ascending
  bool strided() const { return stride > 1; }
};

// The column stride of `loads` (each the index list of one load of the same tensor): every
// load indexes dimension `dim` as s * column + (an affine function of the reduction axes
// `reduce` and constants), the same `dim` and s in every load, and no other dimension uses
// the column; else stride 1. The phases are those the reductions' ranges reach (all s of
// them when more than a few thousand combinations would have to be enumerated).
ColumnStride FindColumnStride(const std::vector<std::vector<ir::Expr>>& loads,
                              const ir::Var& column, const std::vector<ir::IterVar>& reduce);

// One dimension of a copy kept in phases: its index d stored as d % stride in a phase
// dimension (outermost) and d // stride in its own place; only `phases` are written.
struct PhasedDim {
  size_t dim = 0;
  int64_t stride = 1;
  std::vector<int64_t> phases;  // the residues read, ascending
  bool operator==(const PhasedDim&) const = default;
};

// Stores `copy` (a cache_read, not yet attached or split) in the phases of each of `dims`
// (their phase dimensions outermost, in the order given), leaving the unread ones
// unwritten (a store predicate on the phase loops).
Status LayOutInPhases(schedule::Schedule& sch, const schedule::Stage& copy,
                      const std::vector<PhasedDim>& dims);
// The broadcast input's copy in the phases of `c`.
Status LayOutInPhases(schedule::Schedule& sch, const schedule::Stage& copy, const ColumnStride& c);

}  // namespace tessera::tune
