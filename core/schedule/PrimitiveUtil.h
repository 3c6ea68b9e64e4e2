// Shared helpers of the primitive implementations: legality checks with uniform
// messages, trace recording and data-flow rewrites. Internal to core/schedule.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "schedule/Schedule.h"

namespace tessera::schedule::detail {

// "stage C" exists in `sch` and is not a placeholder.
Status CheckSchedulable(const Schedule& sch, const Stage& stage, const std::string& primitive);
// `iv` belongs to `stage` (names the owner when it belongs to another stage).
Status CheckOwned(const Schedule& sch, const Stage& stage, const IterVar& iv,
                  const std::string& primitive);
// CheckOwned and `iv` is a leaf of `stage`.
Status CheckLeaf(const Schedule& sch, const Stage& stage, const IterVar& iv,
                 const std::string& primitive);
// `iv` carries no annotation or thread binding (splitting/fusing would lose it).
Status CheckUnannotated(const Stage& stage, const IterVar& iv, const std::string& primitive);

// The trace handles of an IterVar of `owner` / of a stage, from the current state.
IterVarRef MakeIterVarRef(const Schedule& sch, const Stage& owner, const IterVar& iv);
StageRef MakeStageRef(const Schedule& sch, const Stage& stage);
// Appends an entry for `primitive` applied to `stage`.
TraceEntry& Record(Schedule& sch, const std::string& primitive, const Stage& stage);

// Rewrites every stage reading a tensor in `vmap` to read its replacement; rewritten
// ops' outputs are added to vmap so that their readers are rewritten too.
using TensorMap = std::unordered_map<te::Tensor, te::Tensor, te::TensorHash, te::TensorEqual>;
void ReplaceDataFlow(Schedule& sch, TensorMap vmap);
// Replaces the loads in `exprs` according to `vmap`.
std::vector<Expr> ReplaceLoads(const std::vector<Expr>& exprs, const TensorMap& vmap);

// The stage of the scan whose update group computes `stage` (TVM's scan group), or
// nullptr; and the scan whose init or update tensor `stage` computes, or nullptr.
Stage ScanGroupOwner(const Schedule& sch, const Stage& stage);
Stage ScanReadingAsWhole(const Schedule& sch, const Stage& stage);
// `stage` is not a scan: a scan's loops run in time order (no vectorize, parallel, bind).
Status CheckNotScanTime(const Stage& stage, const std::string& primitive);

// compute_at's legality (ComputeAt.cpp); `check_group`: the stage's own group must
// enclose `target` (off for a member moved with its group, which GroupComputeAt checks).
Status CheckComputeAt(const Schedule& sch, const Stage& stage, const Stage& target,
                      const IterVar& ivar, bool check_group = true);

// Position of `stage` in sch.stages (or -1).
int StageIndex(const Schedule& sch, const Stage& stage);
// A stage name not yet used in `sch`: `base`, else base.1, base.2, ...
std::string UniqueStageName(const Schedule& sch, const std::string& base);

}  // namespace tessera::schedule::detail
