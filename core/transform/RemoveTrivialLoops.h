// RemoveTrivialLoops: a loop of constant extent 1 runs its body once with the variable
// equal to the loop's min; the loop is replaced by its body with the variable
// substituted (the loop listings stay short and the simplifier sees a constant).
// PassContext::debug_keep_trivial_loop keeps them (to compare with TVM's listings);
// loops bound to GPU threads are always kept.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt RemoveTrivialLoops(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
