// LowerFloorDivMod: floordiv/floormod (Python's // and %, what te programs use) are
// rewritten to truncdiv/truncmod — a single machine instruction — wherever the analyzer
// proves both operands non-negative, using the loop ranges and conditions around the
// expression (bound-info RFC: `for (i, 0, n*n) ... floormod(i, n)` lowers to `i % n`
// because i >= 0 and n is a non-negative shape variable). What remains keeps floor
// semantics; the backends emit correct code for negative operands.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt LowerFloorDivMod(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
