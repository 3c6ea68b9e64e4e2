// The size of an expression as a tree (shared sub-expressions counted once per use),
// computed over the DAG in time linear in its distinct nodes. Scripts can build
// exponentially large trees with few statements (`t = t + t` repeated, or a lambda
// applied to its own result); the interpreter rejects values larger than
// kMaxExprTreeSize before any printer or simplifier walks them.
#pragma once

#include <cstdint>

#include "ir/Expr.h"

namespace tessera::script {

inline constexpr int64_t kMaxExprTreeSize = 1'000'000;

// The tree size of `e`, or a value above `limit` as soon as it exceeds it.
int64_t ExprTreeSize(const ir::Expr& e, int64_t limit = kMaxExprTreeSize);

}  // namespace tessera::script
