// How blockize divides a block binding between the loops outside the new outer block and
// those inside it (TVM's SubspaceDivide for the affine bindings split and fuse produce,
// else its TrivialSubspaceDivision): `binding = outer * inner_extent + inner`. Shared by
// blockize of a loop (Blockize.cpp) and of a list of blocks (BlockizeBlocks.cpp).
#pragma once

#include <vector>

#include "tir/Stmt.h"

namespace tessera::tir::blockize_detail {

struct Division {
  Expr outer, inner;  // undefined for a unit part
  int64_t outer_extent = 1, inner_extent = 1;
};

// false when `binding` (of an iterator of `extent`) cannot be divided by `inner_loops`.
bool Divide(const Expr& binding, int64_t extent, const std::vector<const ForNode*>& inner_loops,
            Division* out);

}  // namespace tessera::tir::blockize_detail
