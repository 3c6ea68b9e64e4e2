// MapChildren: rebuild one expression node with each direct child replaced by f(child).
// The simplifiers and the div/mod lowering use it for the node kinds they pass through
// (calls, loads, lets, casts ...) so they control recursion themselves (and can bound
// its depth) instead of relying on IRMutator's implicit walk.
#pragma once

#include <functional>

#include "ir/Expr.h"

namespace tessera::arith {

// Returns `e` itself (same pointer) when no child changed. Leaves return `e`.
ir::Expr MapChildren(const ir::Expr& e, const std::function<ir::Expr(const ir::Expr&)>& f);

// The number of nodes of e's tree, counting stops past `budget` (cheap on big trees);
// rules use it to keep only rewrites that make an expression smaller.
int TreeSize(const ir::Expr& e, int budget = 256);

}  // namespace tessera::arith
