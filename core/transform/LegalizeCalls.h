// LegalizeCalls: the calls TVM defines by their expansion (its FLegalize), replaced by
// that expansion before the loops are vectorized, so that every backend and the IR
// interpreter see plain arithmetic. Today the fixed-point multiplies of quantized
// kernels (ir/FixedPointMultiply.h); a call TVM could not expand either (a multiplier
// that is not a constant) is reported with the reason.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt LegalizeCalls(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
