// create_group (TVM's Schedule.create_group, schedule_lang.cc): a group stage stands for
// the sub-graph between some output stages and some input stages, so that one
// compute_at moves all of it: every member whose own attach is "the root of its group"
// is computed where the group is. Groups nest (a group inside a scan's update group,
// a group of groups); a stage belongs to the innermost one.
//
// Tessera resolves a group's attach onto its members when the group moves (their
// attach_* fields, flagged attach_from_group), so InferBound, ScheduleOps and the
// views see ordinary compute_at stages; the member's own compute_at wins, as in TVM's
// GetAttachSpec.
#pragma once

#include <vector>

#include "schedule/Schedule.h"

namespace tessera::schedule {

// The group of the stages between `outputs` and `inputs` (the stages that read an
// input, directly or not, and that an output reads; the inputs too when
// include_inputs). Fails, naming the stages, when no output reaches an input or when
// the region cuts through an existing group (TVM: "Trying to group region that
// intersect with an already existed group"). Records a create_group trace entry.
Result<Stage> CreateGroup(Schedule& sch, const std::vector<Stage>& outputs,
                          const std::vector<Stage>& inputs, bool include_inputs);

// compute_at / compute_root of a group (ComputeAt and ComputeRoot call these for a group).
Status GroupComputeAt(Schedule& sch, const Stage& group, const Stage& target, const IterVar& ivar);
Status GroupComputeRoot(Schedule& sch, const Stage& group);

// The group created by trace entry `entry` (named `label`), or nullptr.
Stage FindGroup(const Schedule& sch, int entry);

namespace detail {
// The group of a scan's update stages (te::ScanUpdateGroup), made by create_schedule
// (no trace entry).
Result<Stage> CreateScanGroup(Schedule& sch, const Stage& scan, const std::vector<Stage>& members);
// True when `group` is `stage`'s group or encloses it.
bool InGroup(const Stage& stage, const Stage& group);
// Copies each group's attach onto the members whose own attach is the group's root.
void PropagateGroupAttach(Schedule& sch);
}  // namespace detail

}  // namespace tessera::schedule
