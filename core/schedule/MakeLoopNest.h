// MakeLoopNest and MakeComputeStmt: the loops of one stage, built from its leaf
// IterVars and their InferBound ranges, and the statement computing the stage inside
// them (a store, or init + update for a reduction).
#pragma once

#include <functional>
#include <vector>

#include "ir/Stmt.h"
#include "schedule/MessagePassing.h"

namespace tessera::schedule {

// Wraps a body in one statement (a loop, an attribute scope).
using NestWrap = std::function<ir::Stmt(ir::Stmt)>;

struct LoopNest {
  std::vector<std::vector<NestWrap>> levels;  // per leaf var, outermost first
  IterVarValueMap values;                     // value of every IterVar inside the nest
};

// Loops of `stage`'s leaf vars from position `begin` on, skipping `skip`. Extent-1 loops
// are dropped unless keep_trivial_loop. Each kept level ends with an AttrStmt
// "loop_scope" on the leaf (where compute_at stages are injected). With `suffix`,
// fresh loop variables named var + suffix are used (reduction init loops: ".init").
LoopNest MakeLoopNest(const Stage& stage, const RangeMap& rmap, bool keep_trivial_loop,
                      size_t begin = 0, const std::vector<IterVar>& skip = {},
                      const std::string& suffix = "");

// Applies wraps from the innermost to the outermost.
ir::Stmt MergeNest(const std::vector<NestWrap>& wraps, ir::Stmt body);
ir::Stmt MergeNest(const std::vector<std::vector<NestWrap>>& levels, ir::Stmt body);

// The loops and statement computing a ComputeOp stage. Tail iterations of splits that
// do not divide are guarded by `if (likely(cond))` (MakeBoundCheck).
ir::Stmt MakeComputeStmt(const Stage& stage, const RangeMap& rmap, bool keep_trivial_loop);

}  // namespace tessera::schedule
