// RemoveNoOp: deletes statements that do nothing, so that later passes and the code
// views see only real work: loops with a zero (or provably non-positive constant)
// extent or an empty body, `if (false)` / `if (true)` (replaced by the branch taken),
// Evaluate of a side-effect-free expression, stores of a location to itself
// (A[i] = A[i]), and lets, attributes and allocations around nothing.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt RemoveNoOp(ir::Stmt s, const PassContext& ctx);

// True for Evaluate(constant) and an undefined statement.
bool IsNoOp(const ir::Stmt& s);

}  // namespace tessera::transform
