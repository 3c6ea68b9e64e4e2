// LoopPartition: removes the guards that split loops with a tail put in the loop body.
// A split of an extent n that the factor does not divide leaves
// `if (likely(i.outer*8 + i.inner < n))` around the body; for most iterations of the
// outer loop the guard is true for every inner iteration. The loop is cut in two: a
// main loop over the iterations where the guard provably holds for all values of the
// loops inside (interval analysis of the guard over their ranges), without the guard,
// and a tail loop over the rest that keeps it. Only guards marked likely() of the form
// `e < bound` / `e <= bound` / `bound > e` / `bound >= e` (and conjunctions) are used, with
// e's upper bound increasing linearly in the loop variable and everything else invariant
// in the loop; anything else is left unchanged, so the result is always correct.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt LoopPartition(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
