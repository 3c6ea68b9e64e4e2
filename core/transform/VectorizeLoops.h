// VectorizeLoops: a vectorized loop (ForKind::Vectorized) of constant extent N is
// replaced by one execution of its body in which the loop variable is the vector
// ramp(min, 1, N): every expression that depends on it is widened to N lanes (scalar
// operands are broadcast), loads and stores become vector accesses and lets bind vector
// variables, so the backend emits real SIMD instructions. Inner serial loops whose
// bounds do not depend on the variable are kept and their bodies widened (as TVM does).
// Extents and guards are decided with the ranges of the enclosing loops (a split's tail
// after LoopPartition has a constant extent or a constant guard even where bound
// inference wrote them symbolically):
//   - a body `if (c) S` whose terms on the variable hold on the first m lanes only (a
//     ragged tail) becomes m lanes of S, a narrower vector, under `if` of its other terms;
//     a count that is no power of two (and an extent so decided; for the LLVM target
//     also a loop's own extent wider than PassContext::vector_lanes that accumulates
//     across an enclosing serial loop, kept in registers by the backend) runs as pieces
//     of decreasing powers of two (53: 32, 16, 4, 1), widths the backend keeps whole;
//   - for the LLVM target, a condition that depends on the variable becomes an `if` on a
//     vector of lanes, whose loads and stores the backend masks (AVX-512 opmasks, AVX2
//     vmaskmov), and a symbolic extent with a constant bound runs that many lanes, the
//     ones past the extent masked off.
// When the body cannot be widened — a symbolic extent without a bound, a per-lane
// condition on another target, a loop bound that depends on the variable, a store whose
// index does not (all lanes would write one location), an allocation, an impure or
// unknown call, or vectors already present — the loop is scalarised: it becomes a
// serial loop, which is always correct.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt VectorizeLoops(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
