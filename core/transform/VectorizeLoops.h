// VectorizeLoops: a vectorized loop (ForKind::Vectorized) of constant extent N is
// replaced by one execution of its body in which the loop variable is the vector
// ramp(min, 1, N): every expression that depends on it is widened to N lanes (scalar
// operands are broadcast), loads and stores become vector accesses and lets bind vector
// variables, so the backend emits real SIMD instructions. Inner serial loops whose
// bounds do not depend on the variable are kept and their bodies widened (as TVM does).
// When the body cannot be widened — a symbolic extent, a condition or loop bound that
// depends on the variable, a store whose index does not (all lanes would write one
// location), an allocation, an impure or unknown call, or vectors already present —
// the loop is scalarised: it becomes a serial loop, which is always correct.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt VectorizeLoops(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
