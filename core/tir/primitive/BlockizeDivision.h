// How blockize divides a block binding between the loops outside the new outer block and
// those inside it (TVM's SubspaceDivide for the affine bindings split and fuse produce,
// else its TrivialSubspaceDivision): `binding = outer * inner_extent + inner`. Shared by
// blockize of a loop (Blockize.cpp) and of a list of blocks (BlockizeBlocks.cpp).
#pragma once

#include <vector>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
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

// Block iterator `iv`, divided as `d`, under the outer block's iterator `vo`: appends the
// inner block's iterator (none for a unit inner part) with its binding and domain, and
// maps iv to `vo * inner_extent + vi` in `subst` (vo, vi or 0 where a part is a unit).
void AddInnerIterator(const IterVar& iv, const Division& d, const Var& vo, bool preserve_unit_iters,
                      BlockNode* inner, std::vector<Expr>* inner_values,
                      arith::IntSetMap* inner_dom, ir::VarMap* subst);

// What all iterations of the inner block (its iterators over `inner_dom`) access of
// `regions`, clipped to the buffers: the outer block's regions.
std::vector<BufferRegion> RelaxedRegions(const std::vector<BufferRegion>& regions,
                                         const arith::IntSetMap& inner_dom,
                                         arith::Analyzer* analyzer);

}  // namespace tessera::tir::blockize_detail
