// Helpers shared by the loop primitives: rewriting the TensorIR tree below a loop.
#pragma once

#include <functional>

#include "arith/Analyzer.h"
#include "ir/Functor.h"
#include "support/Result.h"
#include "tir/ScheduleState.h"
#include "tir/Stmt.h"

namespace tessera::tir {

// The tree with each block realize directly below `s` (not inside another block) replaced
// by `f(realize)`; sequences and loops are rebuilt around them.
Stmt MapRealizes(const Stmt& s, const std::function<Stmt(const BlockRealizeNode&)>& f);
// The tree with the statement of each computation directly below `s` replaced by `f(it)`
// (kept when `f` is empty); a nested block realize is replaced by `on_realize(realize)` when that
// is given and kept otherwise. Sequences and loops are rebuilt around them.
Stmt MapComputes(const Stmt& s, const std::function<ir::Stmt(const ir::Stmt&)>& f,
                 const std::function<Stmt(const BlockRealizeNode&)>& on_realize = nullptr);

// Replaces the mapped variables everywhere in `s` (computations, loop bounds, bindings,
// predicates, nested blocks and their regions). With `simplify`, each expression the
// substitution changed is simplified as a whole with what the analyzer knows (TVM's
// blockize: (v_o * 16 + v_i) // 16 is v_o where v_i is bound to [0, 16)).
Stmt SubstituteTir(const Stmt& s, const ir::VarMap& vmap, arith::Analyzer* simplify = nullptr);
// `regions` with the mapped variables replaced in every range (a block's reads or writes
// rewritten for new iterators), simplified as SubstituteTir does.
std::vector<BufferRegion> SubstitutedRegions(const std::vector<BufferRegion>& regions,
                                             const ir::VarMap& vmap,
                                             arith::Analyzer* simplify = nullptr);
// `predicate` and-ed onto the predicate of each block realize directly below `s`.
Stmt AppendPredicate(const Stmt& s, const Expr& predicate);
// The bindings of the block realizes directly below `s` in their affine normal form
// (only bindings that use one of `vars` change).
Stmt NormalizeBindings(const Stmt& s, const std::vector<Var>& vars);

// Whether one of the regions is of `buffer` (a block's reads or writes).
bool AccessesBuffer(const std::vector<BufferRegion>& regions, const Buffer& buffer);

// A region as TVMScript slices, `[min:end, ...]`; with `points_bare`, an axis of extent 1
// is written as its index alone (`[i, 0:8]`).
std::string RegionText(const Region& region, bool points_bare = false);

// The loop whose variable is `v`; a ValueError when an earlier primitive replaced it.
Result<const ForNode*> LiveLoop(const ScheduleState& state, const Var& v);
// HasAnnotationOrThreadBindingError unless the loop has neither (split, fuse, merge).
Status CheckNoAnnotation(const ForNode* loop);
// LoopNotStartWithZeroError unless the loop provably starts at 0.
Status CheckStartsWithZero(const ForNode* loop);
// The nearest loop or block realize above `node` (its parent in TVM's sref tree).
const StmtNode* SrefParent(const ScheduleState& state, const StmtNode* node);
// The loops and block realizes from the root down to `node` (TVM's sref path).
std::vector<const StmtNode*> SrefPath(const ScheduleState& state, const StmtNode* node);

// The block with buffer `from` replaced by `to` in its body, init, signature,
// allocations and the sources of its T.match_buffer views; inside nested blocks too when
// `nested`. With `cast` (buffers of two element types), each load of `to` is cast to
// `from`'s type and each value stored into it to `to`'s.
Block ReplaceBuffer(const BlockNode& block, const Buffer& from, const Buffer& to, bool nested,
                    bool cast = false);

// A complete block (spatial iterators only, does not read what it writes) or a reduction
// block (an init, spatial and reduction iterators only): what TVM requires of blocks whose
// loops run in parallel or move.
bool IsCompleteOrReductionBlock(const BlockNode& block);

// Removes `block` and the loops that hold nothing else (TVM's LeafBlockRemovalPlan);
// OnlyLeafError when it is the only leaf of its scope.
Status RemoveLeafBlock(ScheduleState* state, const BlockRealizeNode* block);

}  // namespace tessera::tir
