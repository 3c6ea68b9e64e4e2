// A total order on expressions by structure (kind, type, then fields). The canonical
// simplifier sorts and merges terms with it, and the rewrite patterns use it to check
// that two occurrences of a pattern variable matched the same expression.
// Variables compare by name first and then by identity, so distinct Vars never equal.
#pragma once

#include "ir/Expr.h"

namespace tessera::arith {

// Negative, zero or positive like strcmp. Beyond kMaxCompareDepth the comparison falls
// back to node identity (still a consistent order, never deep recursion).
int CompareExpr(const ir::Expr& a, const ir::Expr& b);
bool ExprDeepEqual(const ir::Expr& a, const ir::Expr& b);

inline constexpr int kMaxCompareDepth = 500;

}  // namespace tessera::arith
