// Simplify: simplifies every expression of a lowered program with arith::Analyzer, using
// what holds where the expression sits (loop ranges, enclosing conditions and asserts;
// see AnalyzerMutator), so that index arithmetic from splits and flattening folds to
// its simplest form and guards that are always true or false disappear: an `if` whose
// condition becomes constant is replaced by the branch taken and an assert that is
// provably true is removed.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt Simplify(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
