// The form TVM's IterMapSimplify gives a block binding after a loop transformation, for
// the affine cases split and fuse produce: a sum of terms `x * c`, coefficients folded,
// terms in order of decreasing coefficient, a constant last.
//   (i_0 * 8 + i_1) * 32 + j   ->   i_0 * 256 + i_1 * 32 + j
//   i_0 * 32 + (i_1_0 * 8 + i_1_1)   ->   i_0 * 32 + i_1_0 * 8 + i_1_1
// Non-affine parts (floordiv, floormod, loads) are kept as opaque terms; a fused loop's
// `f // 32 * 32 + f % 32` is not folded back to `f` (TVM's IterMapSimplify does that).
//
// IsAffineBinding is TVM's test of whether block bindings are an affine map of the loops
// around the block (DetectIterMap at the surjective level, each binding one iterator of
// scale 1): every binding a sum `x * c` of loop variables and their splits (`v // c`,
// `v % c`, `v // c % d`, also of such sums) whose coefficients chain as a fused
// iterator's do, the innermost with coefficient 1, and no part of a loop variable in two
// places. Variables other than the loops count as constants. IsAffineBlockBinding also
// reads the `T.where` predicate as TVM's constraint: a bound on a sum of several loops
// lets a binding use those loops only through that sum.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "ir/Expr.h"
#include "support/Result.h"
#include "tir/ScheduleState.h"

namespace tessera::tir {

ir::Expr NormalizeAffineBinding(const ir::Expr& e);

// Whether `bindings` are an affine map of the loop variables `loops` (with their ranges).
bool IsAffineBinding(const std::vector<ir::Expr>& bindings,
                     const std::vector<std::pair<ir::Var, ir::Range>>& loops);

// When `indices` are a bijective affine map of the iterators `iters` (each iterator's
// range split by the indices' digits exactly once, TVM's IterMapLevel::Bijective), each
// iterator's value in terms of `outputs` (one expression per index), as TVM's
// InverseAffineIterMap builds it: `ph // 32`, `ph % 32`, `ph_1 + ph_0 * 4`; an iterator of
// extent 1 the map does not use is its minimum. Nothing when the map is not bijective.
std::optional<std::vector<ir::Expr>> InverseBijectiveAffineMap(
    const std::vector<ir::Expr>& indices, const std::vector<std::pair<ir::Var, ir::Range>>& iters,
    const std::vector<ir::Expr>& outputs);

// Whether the bindings of `realize` are affine in the loops between it and `high_exclusive`
// (a loop or block above it; null: its scope block), TVM's affine_binding flag of a block.
bool IsAffineBlockBinding(const ScheduleState& state, const BlockRealizeNode* realize,
                          const StmtNode* high_exclusive = nullptr);

// TVM's CheckPartialAffineBinding: ok when the block's bindings are affine in the loops of
// its scope or in the loops below `high_exclusive` (null: the scope only); else a
// NotAffineBindingError naming the block (and the loop when `high_exclusive` is one).
Status CheckPartialAffineBinding(const ScheduleState& state, const BlockRealizeNode* realize,
                                 const StmtNode* high_exclusive);

// What TVM's CheckCompleteOrReductionBlock accepts: a complete block, or a reduction block
// (an init, spatial and reduction iterators only) whose bindings are affine.
bool IsCompleteOrAffineReductionBlock(const ScheduleState& state, const BlockRealizeNode* realize);

}  // namespace tessera::tir
