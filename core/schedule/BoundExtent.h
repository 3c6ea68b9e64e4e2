// The tightest constant upper bound the analyzer can prove for a realize extent
// (`max_extent` of `tessera-cli bounds`). A region clipped to a tensor's shape has an
// exact extent such as max(min(o*8 + 7, m - 1) - o*8 + 1, 0): interval arithmetic on it
// as written loses the correlation between the two o*8 terms and finds no bound, though
// each min/max argument, simplified on its own, is a constant (8 here). So the bound is
// taken per argument: additions and subtractions are first moved inside min, max and
// select (min(a, b) - c = min(a - c, b - c), c - max(a, b) = min(c - a, c - b)), each
// argument is simplified, and ub(min) = min of the arguments' bounds, ub(max) = max.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ir/Expr.h"

namespace tessera::arith {
class Analyzer;
}

namespace tessera::schedule {

// Constant upper bound of `e` under the facts `analyzer` knows (the loop ranges bound in
// it); empty when none can be proved (the largest value of e's type is no bound).
std::optional<int64_t> ConstUpperBound(const ir::Expr& e, arith::Analyzer* analyzer);

// The extent to allocate for memory in `scope`. A local or shared region clipped to its
// tensor's shape has an exact, symbolic extent (min(i*8 + 7, n - 1) - i*8 + 1: smaller
// in the last iteration); such memory is allocated once per block or thread at a
// constant size, so it gets the extent's constant upper bound where one can be proved
// (TVM's regions are not clipped, so its extents are constants there). Global memory,
// and an extent with no provable bound of at most 2^16, keep the extent as it is.
// `context` (optional) knows the ranges of the loops and thread indices around the
// allocation: max(2 - threadIdx.y*2, 0) is at most 2 only with threadIdx.y >= 0.
ir::Expr AllocationExtent(const ir::Expr& extent, const std::string& scope,
                          arith::Analyzer* context = nullptr);

}  // namespace tessera::schedule
