// How blockize divides a block binding between the loops outside the new outer block and
// those inside it (TVM's SubspaceDivide for the affine bindings split and fuse produce,
// else its TrivialSubspaceDivision): `binding = outer * inner_extent + inner`, and the
// inner block's regions rewritten in its new iterators. Shared by blockize of a loop
// (Blockize.cpp) and of a list of blocks (BlockizeBlocks.cpp).
#pragma once

#include <vector>

#include "ir/Functor.h"
#include "tir/Stmt.h"

namespace tessera::tir::blockize_detail {

struct Division {
  Expr outer, inner;  // undefined for a unit part
  int64_t outer_extent = 1, inner_extent = 1;
};

// false when `binding` (of an iterator of `extent`) cannot be divided by `inner_loops`.
bool Divide(const Expr& binding, int64_t extent, const std::vector<const ForNode*>& inner_loops,
            Division* out);

// `regions` with `subst` applied to every range: the inner block's reads and writes in
// terms of its new iterators.
std::vector<BufferRegion> SubstitutedRegions(const std::vector<BufferRegion>& regions,
                                             const ir::VarMap& subst);

}  // namespace tessera::tir::blockize_detail
