// PaddingRegions: where the padding of a layout is, as a few boxes of physical indices,
// so that the loop writing a pad value (or stating an assumption about it) visits the
// padding cells instead of the whole buffer (RFC 0077's "Reduce Loop Extents",
// shared/seeds/rfc0077-digest.md §1.8 item 9): for B[14] under i -> [i//4, i%4] the
// padding is the box io in [3, 4), ii in [2, 4) and needs no guard.
//
// Each top-level disjunct of the padding predicate (one per way a cell can be padding,
// e.g. "row past the end" or "column past the end" of a blocked layout) gets a box: the
// physical ranges shrunk, one variable at a time, to where the disjunct can hold. The
// box's condition excludes cells of earlier boxes so that every padding cell is visited
// once; it is `true` when the analyzer proves every cell of the box is padding. With
// symbolic shapes the box is the whole buffer and the condition the predicate itself.
#pragma once

#include <vector>

#include "ir/Expr.h"
#include "ir/IterVar.h"
#include "layout/PaddedLayout.h"

namespace tessera::layout {

struct PaddingRegion {
  std::vector<ir::Range> box;  // one range per physical dimension
  ir::Expr condition;          // over layout.physical_vars; padding cells of the box
};

// Empty when the layout has no padding (or no padding predicate).
std::vector<PaddingRegion> PaddingRegions(const PaddedLayout& layout);

}  // namespace tessera::layout
