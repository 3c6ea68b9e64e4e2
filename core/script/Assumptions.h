// Feeding user assumptions (`tessera-cli simplify --assume "0 <= i and i < n*n"`) to
// the analyzer. Each conjunct is added as a constraint; in addition a variable with both
// a lower and an upper bound (`lo <= v`, `v < hi`) is bound to the range [lo, hi), and
// `v == e` binds v to e, so that the range-based sub-analyzers (constant bounds,
// modular sets, the floordiv lowering of the bound-info RFC) see them too.
#pragma once

#include <vector>

#include "arith/Analyzer.h"
#include "ir/Expr.h"

namespace tessera::script {

// The conjuncts of `cond` (`a and b and c` -> {a, b, c}).
std::vector<ir::Expr> SplitConjunction(const ir::Expr& cond);

void AddAssumptions(arith::Analyzer& analyzer, const std::vector<ir::Expr>& conditions);

}  // namespace tessera::script
