// Builds TVM's integer bit operations (`x << n`, `a & b`, `~a`, tir.shift_left, ...) as
// calls of the bit intrinsics of ir/BitIntrinsics.h, with TVM's typing: integer
// operands only; `&` `|` `^` bring both sides to one type (an immediate takes the other
// side's type, otherwise the wider, uint on a signedness tie); a shift keeps the left
// operand's type unless that is an immediate. Two immediates fold to the exact constant.
#pragma once

#include <string>

#include "ir/BitIntrinsics.h"
#include "ir/ExprOp.h"

namespace tessera::ir {

struct BitOpBuild {
  ir::Expr expr;      // defined on success
  std::string error;  // why not, without a location (the caller adds it)
};

// `b` is ignored (and may be undefined) for BitOp::Not.
BitOpBuild MakeBitOp(ir::BitOp op, ir::Expr a, ir::Expr b = ir::Expr());

}  // namespace tessera::ir
