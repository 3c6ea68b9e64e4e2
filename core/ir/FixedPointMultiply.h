// TVM's fixed-point multiplies, the requantization step of quantized kernels:
//
//   tir.q_multiply_shift(x, y, q, s)          round(x * y * 2^-q * 2^s) for Q-numbers
//                                             x and y with q fractional bits
//   tir.q_multiply_shift_per_axis(x, y, ls, rs, q, is_lshift_required, is_rshift_required)
//                                             the same with the shift split into a left
//                                             shift ls (applied when is_lshift_required)
//                                             and a right shift rs, y and the shifts
//                                             typically one per output channel
//
// Both are int32, rounding half up. TVM defines them by their expansion (its FLegalize):
// x and y widened to int64, multiplied, the rounding constant added, shifted back. The
// calls stay calls while a program is scheduled and printed; Legalize gives the
// expansion, which the lowering pipeline (transform/LegalizeCalls) and the reference
// oracle evaluate, so every backend computes what TVM's does.
#pragma once

#include <optional>
#include <vector>

#include "ir/Expr.h"
#include "support/Result.h"

namespace tessera::ir {

inline constexpr const char* kQMultiplyShift = "tir.q_multiply_shift";
inline constexpr const char* kQMultiplyShiftPerAxis = "tir.q_multiply_shift_per_axis";

// The call (int32 of x's lanes), or why not: every argument an integer (the two flags of
// the per-axis form: bools), the counts right.
Result<Expr> MakeQMultiplyShift(std::vector<Expr> args);
Result<Expr> MakeQMultiplyShiftPerAxis(std::vector<Expr> args);

bool IsFixedPointMultiply(const CallNode& call);

// The expansion of a fixed-point multiply call, or why it has none: TVM needs
// q_multiply_shift's multiplier y to be a constant (and the shift s too when y is
// 1 << 30, a power of two) and its multiplier and shifts to be int32.
Result<Expr> LegalizeFixedPointMultiply(const CallNode& call);

}  // namespace tessera::ir
