// compute_at, compute_inline, compute_root: where a stage is computed (its attach type).
#include <algorithm>
#include <vector>

#include "ir/ExprOp.h"
#include "schedule/Graph.h"
#include "schedule/Group.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"

namespace tessera::schedule {

namespace {

// True when `reader` reads `producer` directly or through other stages. TVM lets a stage
// be computed inside any stage downstream of it, not only a direct reader: its CUDA conv2d
// tutorial computes the shared copy AA at a loop of BL, which reads AA through the local
// copy AL (attached deeper in BL). Whether every reader then runs inside the attach loop
// depends on primitives applied later (AL's own compute_at), so CheckAttachPoints
// (AttachLegality.h) checks it on the finished schedule, before lowering.
bool ReadsTransitively(const Schedule& sch, const Stage& reader, const Stage& producer) {
  std::vector<Stage> pending{reader};
  std::vector<Stage> seen;
  while (!pending.empty()) {
    Stage s = pending.back();
    pending.pop_back();
    for (const Stage& p : ProducerStages(sch, s)) {
      if (p == producer) return true;
      if (std::find(seen.begin(), seen.end(), p) != seen.end()) continue;
      seen.push_back(p);
      pending.push_back(p);
    }
  }
  return false;
}

}  // namespace

namespace detail {

Status CheckComputeAt(const Schedule& sch, const Stage& stage, const Stage& target,
                      const IterVar& ivar, bool check_group) {
  const char* what = "compute_at";
  if (target && target->is_group())
    return Error("compute_at: the target " + target->name() +
                 " is a group, which has no loops; compute at a loop of one of its stages");
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (Status s = detail::CheckSchedulable(sch, target, what); !s) return s;
  if (stage == target) return Error("compute_at: cannot compute " + stage->name() + " at itself");
  if (stage->is_output)
    return Error("compute_at: " + stage->name() + " is an output; outputs are computed at root");
  if (target->attach_type == AttachType::Inline)
    return Error("compute_at: " + target->name() + " is inlined; it has no loops");
  if (Status s = detail::CheckLeaf(sch, target, ivar, what); !s) return s;
  if (Stage scan = detail::ScanReadingAsWhole(sch, stage);
      scan && !detail::ScanGroupOwner(sch, stage))
    return Error("compute_at: " + stage->name() + " is the init of scan " + scan->name() +
                 "; it runs once, before the scan's time loop");
  if (Stage scan = detail::ScanGroupOwner(sch, stage);
      scan && detail::ScanGroupOwner(sch, target) != scan)
    return Error(
        "compute_at: " + stage->name() + " runs inside the time loop of scan " + scan->name() +
        " (its update); it can only be computed at a loop of another stage of that update");
  // TVM: "Can only assign compute_at to stages within the same group".
  if (check_group && stage->group && !detail::InGroup(target, stage->group) &&
      stage->group->attach_type != AttachType::ScanUpdate)
    return Error("compute_at: " + stage->name() + " is a member of " + stage->group->name() +
                 " but " + target->name() +
                 " is not; a member of a group can only be computed at a stage of that group");
  if (!ReadsTransitively(sch, target, stage))
    return Error("compute_at: " + target->name() + " does not read " + stage->name() +
                 ", directly or through other stages; a stage can only be computed inside a "
                 "stage that consumes it");
  for (Stage s = target; s; s = s->attach_type == AttachType::Scope ? s->attach_stage : nullptr)
    if (s == stage)
      return Error("compute_at: " + target->name() + " is computed inside " + stage->name() +
                   "; attaching would form a cycle");
  return Status::Ok();
}

}  // namespace detail

Status ComputeAt(Schedule& sch, Stage stage, Stage target, IterVar ivar) {
  if (stage && stage->is_group()) return GroupComputeAt(sch, stage, target, ivar);
  if (Status s = detail::CheckComputeAt(sch, stage, target, ivar); !s) return s;
  TraceEntry entry;
  entry.stages = {detail::MakeStageRef(sch, target)};
  entry.iter_vars = {detail::MakeIterVarRef(sch, target, ivar)};
  stage->attach_type = AttachType::Scope;
  stage->attach_stage = target;
  stage->attach_ivar = ivar;
  stage->attach_from_group = false;
  TraceEntry& recorded = detail::Record(sch, "compute_at", stage);
  recorded.stages = std::move(entry.stages);
  recorded.iter_vars = std::move(entry.iter_vars);
  return Status::Ok();
}

Status ComputeInline(Schedule& sch, Stage stage) {
  const char* what = "compute_inline";
  // TVM accepts it and then fails in InferBound (an inlined group has no attach path).
  if (stage && stage->is_group())
    return Error("compute_inline: " + stage->name() +
                 " is a group; a group cannot be inlined (inline its stages one by one)");
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (stage->is_output)
    return Error("compute_inline: " + stage->name() + " is an output and cannot be inlined");
  if (Stage scan = detail::ScanReadingAsWhole(sch, stage))
    return Error("compute_inline: scan " + scan->name() + " reads " + stage->name() +
                 " as its init or update; it cannot be inlined");
  // TVM's InjectInline: "can only inline compute op".
  if (stage->op->kind() == te::OpKind::Extern)
    return Error("compute_inline: " + stage->name() +
                 " is a te.extern; its body writes whole tensors, so it has no element "
                 "expression to inline (only element-wise computes can be inlined)");
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c || c->is_reduction())
    return Error("compute_inline: " + stage->name() +
                 " is a reduction; only element-wise computes can be inlined");
  if (c->num_outputs() != 1)
    return Error("compute_inline: " + stage->name() + " has several outputs");
  if (stage->layout)
    return Error("compute_inline: " + stage->name() +
                 " has a layout transform; an inlined stage is never stored");
  for (const Stage& other : sch.stages)
    if (other->attach_type == AttachType::Scope && other->attach_stage == stage)
      return Error("compute_inline: " + other->name() + " is computed at a loop of " +
                   stage->name() + "; move it (compute_root or compute_at) first");
  stage->attach_type = AttachType::Inline;
  stage->attach_stage = nullptr;
  stage->attach_ivar = nullptr;
  stage->attach_from_group = false;
  detail::Record(sch, what, stage);
  return Status::Ok();
}

Status ComputeRoot(Schedule& sch, Stage stage) {
  if (stage && stage->is_group()) return GroupComputeRoot(sch, stage);
  if (Status s = detail::CheckSchedulable(sch, stage, "compute_root"); !s) return s;
  // The root of a scan's update group is the scan's time loop (TVM's scan group).
  Stage scan = detail::ScanGroupOwner(sch, stage);
  stage->attach_type = scan ? AttachType::ScanUpdate : AttachType::GroupRoot;
  stage->attach_stage = scan;
  stage->attach_ivar = nullptr;
  stage->attach_from_group = false;
  // The root of a member of a group is where its group is computed.
  detail::PropagateGroupAttach(sch);
  detail::Record(sch, "compute_root", stage);
  return Status::Ok();
}

}  // namespace tessera::schedule
