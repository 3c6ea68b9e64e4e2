// Message passing on a stage's IterVar hyper-graph (InferBound document,
// "PassDownDomain", "Phase 2"): ranges flow down from root to leaf vars, IntSets and
// index values flow up from leaf to root vars.
#pragma once

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "arith/IntSet.h"
#include "schedule/Schedule.h"

namespace tessera::arith {
class Analyzer;
}

namespace tessera::schedule {

using RangeMap = std::unordered_map<IterVar, ir::Range>;
using IterVarSetMap = std::unordered_map<IterVar, arith::IntSet>;
using IterVarValueMap = std::unordered_map<IterVar, Expr>;

// Sets the range of every non-root IterVar of `stage` from the root ranges in `rmap`
// (split: inner = [0, factor), outer = [0, ceil(extent / factor)); fuse: product;
// rebase: [0, extent)). Ranges already in rmap are kept (set once). A thread IterVar
// bound to a leaf gets the leaf's range unless it has one. `analyzer` may be null.
void PassDownDomain(const Stage& stage, RangeMap* rmap, arith::Analyzer* analyzer);

// How PassUpDomain treats the cases where TVM loses precision (document, "Limitations
// of PassUpDomain"). The defaults are Tessera's; {false, false} reproduces TVM.
struct PassUpOptions {
  // Fuse, case 3: the smallest rectangle covering the fused interval instead of the
  // parents' whole ranges.
  bool exact_fuse = true;
  // Split, case 2: clip the parent's set to the parent's range, so that a
  // non-dividing split never requests elements outside the domain.
  bool clip_to_range = true;
};

// Called after each relation with its description ("split ci.cj.fused") so that the
// bounds view can show the intermediate tables.
using PassUpObserver = std::function<void(const std::string& relation, const IterVarSetMap&)>;

// Propagates `state` (IntSets of the leaf vars) up to every parent through the stage's
// relations, children before parents.
void PassUpDomain(const Stage& stage, const RangeMap& rmap, IterVarSetMap* state,
                  arith::Analyzer* analyzer, const PassUpOptions& options = {},
                  const PassUpObserver& observer = nullptr);

// Computes the value of every parent IterVar from the values of its children
// (split: outer * extent(inner) + inner + min(parent); fuse: floordiv / floormod).
void PassUpIndex(const Stage& stage, const RangeMap& rmap, IterVarValueMap* value_map);

// Computes the value of every child IterVar from the values of its parents (split:
// floordiv / floormod by the inner extent; fuse: outer * extent(inner) + inner; rebase:
// the parent's value; singleton: 0), as TVM's PassDownIndex. Relations whose parents
// have no value are skipped. Returns an error for a relation it cannot invert
// (transform_layout) or a parent range that does not start at 0.
Status PassDownIndex(const Stage& stage, const RangeMap& rmap, IterVarValueMap* value_map);

// Conditions `root value < min + extent` for root vars whose value can leave their
// range because a split does not divide (the tail of a loop), except those it can prove
// in range. `skip` names root vars that need no check.
std::vector<Expr> MakeBoundCheck(const Stage& stage, const RangeMap& rmap,
                                 const IterVarValueMap& value_map, arith::Analyzer* analyzer,
                                 const std::vector<IterVar>& skip = {});

}  // namespace tessera::schedule
