// storage_align (TVM's schedule primitive, `s[B].storage_align(axis, factor, offset)`):
// a realized tensor's dimension whose stride is padded so that consecutive rows start on
// bank- or vector-friendly offsets. The strides follow TVM's StorageFlatten (innermost
// first: an aligned dimension's stride s becomes s + (factor + offset - s % factor) %
// factor; the next stride is that times the extent) and the allocation is strides[0] x
// extents[0]. StorageFlatten lowers with AlignedStrides; the layout views show
// AlignedLayout, the same cells as a padded physical buffer.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/Expr.h"
#include "layout/PaddedLayout.h"
#include "support/Result.h"

namespace tessera::layout {

// One dimension's alignment (factor 0: not aligned).
struct DimAlign {
  int64_t factor = 0, offset = 0;
};

// The strides of a realized region with `extents`, `aligns[d]` applied to dimension d
// (fewer entries than dimensions: the rest unaligned).
std::vector<ir::Expr> AlignedStrides(const std::vector<ir::Expr>& extents,
                                     const std::vector<DimAlign>& aligns);

// The buffer as the views show it: rank 1, [i * stride] in [extent * stride]; rank >= 2,
// [i0, sum of i_d * stride_d for d >= 1] in [extent0, stride0] — rows of the padded
// length, the cells past each row's elements (and between strided elements) padding.
Result<PaddedLayout> AlignedLayout(const std::vector<ir::Expr>& shape,
                                   const std::vector<DimAlign>& aligns);

}  // namespace tessera::layout
