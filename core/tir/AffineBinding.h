// The form TVM's IterMapSimplify gives a block binding after a loop transformation, for
// the affine cases split and fuse produce: a sum of terms `x * c`, coefficients folded,
// terms in order of decreasing coefficient, a constant last.
//   (i_0 * 8 + i_1) * 32 + j   ->   i_0 * 256 + i_1 * 32 + j
//   i_0 * 32 + (i_1_0 * 8 + i_1_1)   ->   i_0 * 32 + i_1_0 * 8 + i_1_1
// Non-affine parts (floordiv, floormod, loads) are kept as opaque terms; a fused loop's
// `f // 32 * 32 + f % 32` is not folded back to `f` (TVM's IterMapSimplify does that).
#pragma once

#include "ir/Expr.h"

namespace tessera::tir {

ir::Expr NormalizeAffineBinding(const ir::Expr& e);

}  // namespace tessera::tir
