// LoopPartition: takes guards out of the loops where they are decided.
//
// Two kinds of guard are handled, both conjunctions of integer comparisons:
//   - `if (likely(c))` around a loop body: a split whose factor does not divide the extent
//     leaves `likely(i.outer*8 + i.inner < n)`;
//   - the condition of an `if_then_else(c, a, b)` call: an inlined padding stage leaves
//     `if_then_else(h >= 1 && h < 57 && w >= 1 && w < 57, data[h - 1, w - 1], 0)` in the
//     innermost statement of a convolution (TVM's `s[pad].compute_inline()`).
// Each comparison (term) is decided on its own, for all values of the loops between the
// loop being cut and the term (interval analysis over their ranges):
//   - Partition: a term whose bound moves linearly with the loop variable holds on an
//     interval of it. The loop is cut into a head, a middle loop over that interval
//     without the term, and a tail; head and tail keep it. likely() terms cut any loop
//     but a thread binding (a split's remainder stays one loop, as it was); if_then_else
//     terms cut serial loops, and their head and tail are cut further on other terms, a
//     part of one iteration with the variable substituted, so that the unrolled loops
//     inside fold their guards to constants. They also cut a vectorized loop that does
//     not read what it stores (a padding's copy) where the middle is a constant run of
//     lanes: one vector without the guard, the border lanes in serial loops.
//   - Unswitch: a term that does not involve the loop variable, but whose value over the
//     inner loops is decided by the enclosing loops (an output row of a convolution
//     decides whether the window's rows are inside the image), is tested once before
//     the loop: `if (the term holds for every inner value) loop-without-it else loop`;
//     the else loop (the border rows) is not cut further.
// Terms that read memory, call functions or divide by a non-constant are left alone, as
// is anything that does not fit these forms, so the result is always correct. Cuts and
// unswitches for if_then_else terms nest at most kMaxGuardSplits deep (code size).
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

inline constexpr int kMaxGuardSplits = 3;

ir::Stmt LoopPartition(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
