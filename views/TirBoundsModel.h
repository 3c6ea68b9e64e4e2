// TirBoundsModel: the region analysis of a TensorIR schedule (tir/RegionAnalysis.h, the
// counterpart of InferBound) as the Bounds view shows it, built headless from the
// schedule. Per block: its compute-at point (the innermost loop above it that also holds
// a block reading what it writes; the root when none), its loops, and the elements it
// computes per iteration of that point against those its consumers require. Per producer
// and loop: the region each consumer under the loop reads per iteration (its bindings
// relaxed over the loops between the loop and it), the union of those regions, the union
// clipped to the buffer's shape (as TVM's compute_at bounds the producer's iterators by
// the buffer), and what the producer provides there.
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "tir/Schedule.h"

namespace tessera::views {

// One line of a region table: a loop with its range, or one dimension with its set.
struct TirRegionRow {
  QString name;          // "j_1", "dim 0"
  QString set;           // "[0, 31]"
  bool clipped = false;  // the buffer's shape cut this dimension
};

struct TirConsumerRegion {
  QString block;
  std::vector<TirRegionRow> relaxed;  // the loops relaxed, outermost first
  std::vector<TirRegionRow> dims;     // the region read per iteration, per dimension
  QString region;                     // "B[i, j - 1:j + 2]"
};

// The region analysis of `buffer` (written by `producer`) at one loop.
struct TirRegionTables {
  QString producer, buffer;
  QString loop_block, loop;    // the loop, named among the loops of loop_block; "" = root
  bool producer_here = false;  // the producer is computed at this loop
  std::vector<TirConsumerRegion> consumers;
  std::vector<TirRegionRow> union_dims;
  std::vector<TirRegionRow> clipped_dims;
  QString unclipped_region, required_region;  // the union before and after clipping
  std::vector<TirRegionRow> provided_dims;    // empty when the producer is not under the loop
  QString provided_region;
  std::optional<int64_t> required_elements, computed_elements;
  // "B at C: j", for the view's chooser.
  QString title() const;
};

struct TirLoopRange {
  QString name, kind, min, extent;
};

struct TirBlockBounds {
  QString block;
  QString iterators;        // the iterators' kinds in order: "SSR"
  QString attach;           // the compute-at point's loop; "root" when none
  QString attach_block;     // a consumer under that loop (names the loop for intents)
  bool is_output = false;   // no block of the function reads what it writes
  QString computed_region;  // what it writes per iteration of its compute-at point
  std::optional<int64_t> computed_elements, required_elements;
  std::vector<TirLoopRange> loops;  // the loops above it, outermost first
  // computed / required; nullopt when either is unknown or required is 0.
  std::optional<double> overcompute() const;
};

// Every block but the root, in pre order.
std::vector<TirBlockBounds> TirBlockBoundsOf(const tir::Schedule& sch);

// The tables of `producer`: one per buffer it writes that another block reads and per
// loop above such a reader (its compute_at candidates), then the root (the whole
// function), in that order; the producer's own compute-at point is among them.
std::vector<TirRegionTables> TirRegionTablesOf(const tir::Schedule& sch, const QString& producer);

}  // namespace tessera::views
