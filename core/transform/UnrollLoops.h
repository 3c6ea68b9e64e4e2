// UnrollLoops: replaces each unrolled loop (ForKind::Unrolled) with a constant extent of
// at most PassContext::max_unroll_extent by one copy of its body per iteration, with the
// loop variable substituted by min + k, so that the backend sees straight-line code with
// constant indices. An unrolled loop with a symbolic or too large extent becomes a
// serial loop (unrolling it is impossible or would explode the program).
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt UnrollLoops(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
