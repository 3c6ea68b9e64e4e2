#include "schedule/Group.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "schedule/Graph.h"
#include "schedule/PrimitiveUtil.h"

namespace tessera::schedule {

namespace {

// The groups enclosing `g`, innermost first, `g` included (an empty list for the root).
std::vector<Stage> GroupChainOf(Stage g) {
  std::vector<Stage> chain;
  for (; g; g = g->group) chain.push_back(g);
  return chain;
}

// The innermost group enclosing both (nullptr: the schedule's root).
Stage CommonGroupOf(const Stage& a, const Stage& b) {
  std::vector<Stage> outer = GroupChainOf(a);
  for (Stage g = b; g; g = g->group)
    if (std::find(outer.begin(), outer.end(), g) != outer.end()) return g;
  return nullptr;
}

// GetSubGraph (TVM's graph.cc) over stages: post-order from the outputs, keeping the
// stages from which an input is reachable; the inputs themselves when include_inputs.
bool CollectGroupRegion(const Schedule& sch, const Stage& s,
                        const std::set<const StageNode*>& inputs, bool include_inputs,
                        std::map<const StageNode*, bool>& reaches, std::vector<Stage>& region) {
  if (auto it = reaches.find(s.get()); it != reaches.end()) return it->second;
  if (inputs.count(s.get())) {
    reaches[s.get()] = true;
    if (include_inputs) region.push_back(s);
    return true;
  }
  reaches[s.get()] = false;
  bool any = false;
  for (const Stage& p : ProducerStages(sch, s))
    if (CollectGroupRegion(sch, p, inputs, include_inputs, reaches, region)) any = true;
  reaches[s.get()] = any;
  if (any) region.push_back(s);
  return any;
}

std::string GroupRegionNames(const std::vector<Stage>& stages) {
  std::string out;
  for (const Stage& s : stages) out += (out.empty() ? "" : ", ") + s->name();
  return out;
}

// The members of `region` and of the existing groups it covers whole move into the new
// group `g` (TVM's create_group: a region that covers part of a group is refused).
Status AdoptGroupMembers(const std::vector<Stage>& region, const Stage& g) {
  Stage parent = g->group;
  std::map<Stage, int> touched;  // group -> how many of its direct members are covered
  for (const Stage& s : region)
    if (s->group && s->group != parent) ++touched[s->group];
  // A group whose members are all covered counts as a covered member of its own group.
  std::vector<Stage> full;
  for (const auto& [grp, count] : touched)
    if (grp->num_child_stages == count) full.push_back(grp);
  while (!full.empty()) {
    Stage grp = full.back();
    full.pop_back();
    if (!grp->group || grp->group == parent) continue;
    if (++touched[grp->group] == grp->group->num_child_stages) full.push_back(grp->group);
  }
  for (const auto& [grp, count] : touched)
    if (grp->num_child_stages != count)
      return Error("create_group: the region (" + GroupRegionNames(region) +
                   ") covers only part of " + grp->name() +
                   "; a group may hold other groups whole, never part of one");
  auto move_into_group = [&](const Stage& member) {
    member->group = g;
    ++g->num_child_stages;
    if (parent) --parent->num_child_stages;
  };
  for (const auto& [grp, count] : touched)
    if (grp->group == parent) move_into_group(grp);
  for (const Stage& s : region)
    if (s->group == parent) move_into_group(s);
  return Status::Ok();
}

// A member's own compute_at that now leaves the group is dropped (TVM warns and does
// compute_root): a group is computed as a whole.
void KeepAttachInsideGroup(Schedule& sch, const std::vector<Stage>& region, const Stage& g) {
  for (const Stage& s : region) {
    if (s->attach_type != AttachType::Scope || s->attach_from_group) continue;
    if (CommonGroupOf(s->attach_stage->group, g) == g) continue;
    s->attach_type = AttachType::GroupRoot;
    s->attach_stage = nullptr;
    s->attach_ivar = nullptr;
  }
  detail::PropagateGroupAttach(sch);
}

Stage NewGroupStage(Schedule& sch, const std::string& label) {
  auto g = std::make_shared<StageNode>();
  g->group_label = label;
  sch.groups.push_back(g);
  return g;
}

// The stages that take `group`'s attach: their own attach is the root of their group,
// and the groups between them and `group` are at their own roots.
std::vector<Stage> InheritingMembers(const Schedule& sch, const Stage& group) {
  std::vector<Stage> out;
  for (const Stage& s : sch.stages) {
    bool own_root = s->attach_from_group || s->attach_type == AttachType::GroupRoot ||
                    s->attach_type == AttachType::ScanUpdate;
    if (!own_root || !s->group || s->is_placeholder()) continue;
    Stage g = s->group;
    while (g && g != group && g->attach_type == AttachType::GroupRoot) g = g->group;
    if (g == group) out.push_back(s);
  }
  return out;
}

Status CheckGroupMovable(const Stage& group, const std::string& what) {
  if (group->attach_type == AttachType::ScanUpdate)
    return Error(what + ": " + group->name() + " is the update of scan " +
                 group->attach_stage->name() +
                 "; it runs in the scan's time loop and cannot be moved");
  return Status::Ok();
}

}  // namespace

namespace detail {

bool InGroup(const Stage& stage, const Stage& group) {
  for (Stage g = stage ? stage->group : nullptr; g; g = g->group)
    if (g == group) return true;
  return false;
}

void PropagateGroupAttach(Schedule& sch) {
  for (const Stage& s : sch.stages) {
    bool own_root = s->attach_from_group || s->attach_type == AttachType::GroupRoot ||
                    s->attach_type == AttachType::ScanUpdate;
    // A placeholder taken in by include_inputs makes no loops: it stays at the root.
    if (!own_root || !s->group || s->is_placeholder()) continue;
    Stage g = s->group;
    while (g && g->attach_type == AttachType::GroupRoot) g = g->group;
    s->attach_from_group = g && g->attach_type == AttachType::Scope;
    s->attach_type = g ? g->attach_type : AttachType::GroupRoot;
    s->attach_stage = g ? g->attach_stage : nullptr;
    s->attach_ivar = g ? g->attach_ivar : nullptr;
  }
}

Result<Stage> CreateScanGroup(Schedule& sch, const Stage& scan, const std::vector<Stage>& region) {
  Stage g = NewGroupStage(sch, "update group of " + scan->name());
  if (Status st = AdoptGroupMembers(region, g); !st) {
    sch.groups.pop_back();
    return st.error();
  }
  g->attach_type = AttachType::ScanUpdate;
  g->attach_stage = scan;
  return g;
}

}  // namespace detail

Stage FindGroup(const Schedule& sch, int entry) {
  for (const Stage& g : sch.groups)
    if (entry >= 0 && g->group_entry == entry) return g;
  return nullptr;
}

Result<Stage> CreateGroup(Schedule& sch, const std::vector<Stage>& outputs,
                          const std::vector<Stage>& inputs, bool include_inputs) {
  if (outputs.empty()) return Error("create_group: needs at least one output stage");
  for (const Stage& s : outputs)
    if (!s || s->is_group() || detail::StageIndex(sch, s) < 0)
      return Error("create_group: outputs must be stages of this schedule");
  for (const Stage& s : inputs)
    if (!s || s->is_group() || detail::StageIndex(sch, s) < 0)
      return Error("create_group: inputs must be stages of this schedule");
  std::set<const StageNode*> boundary;
  for (const Stage& s : inputs) boundary.insert(s.get());
  std::map<const StageNode*, bool> reaches;
  std::vector<Stage> region;
  for (const Stage& s : outputs) {
    if (!CollectGroupRegion(sch, s, boundary, include_inputs, reaches, region))
      return Error("create_group: output " + s->name() + " does not read any of the inputs (" +
                   GroupRegionNames(inputs) +
                   "), directly or through other stages; the group would be empty");
  }
  Stage parent = region[0]->group;
  for (const Stage& s : region) parent = CommonGroupOf(parent, s->group);
  int entry = static_cast<int>(sch.trace.entries.size());
  Stage g = NewGroupStage(sch, "group#" + std::to_string(entry));
  g->group_entry = entry;
  g->group = parent;
  if (parent) ++parent->num_child_stages;
  // Check before changing anything: the region cuts no group.
  if (Status st = AdoptGroupMembers(region, g); !st) {
    if (parent) --parent->num_child_stages;
    sch.groups.pop_back();
    return st.error();
  }
  KeepAttachInsideGroup(sch, region, g);
  TraceEntry& recorded = detail::Record(sch, "create_group", outputs[0]);
  for (size_t k = 1; k < outputs.size(); ++k)
    recorded.stages.push_back(detail::MakeStageRef(sch, outputs[k]));
  for (const Stage& s : inputs) recorded.stages.push_back(detail::MakeStageRef(sch, s));
  recorded.ints["num_outputs"] = static_cast<int64_t>(outputs.size());
  recorded.ints["include_inputs"] = include_inputs ? 1 : 0;
  recorded.outputs = {"g"};
  return g;
}

Status GroupComputeAt(Schedule& sch, const Stage& group, const Stage& target, const IterVar& ivar) {
  const std::string what = "compute_at";
  if (Status st = CheckGroupMovable(group, what); !st) return st;
  if (!target || target->is_group() || detail::StageIndex(sch, target) < 0)
    return Error(what + ": the target of a group's compute_at must be a stage of this schedule");
  if (detail::InGroup(target, group))
    return Error(what + ": " + target->name() + " is a member of " + group->name() +
                 "; a group cannot be computed inside itself");
  if (group->group && !detail::InGroup(target, group->group))
    return Error(what + ": " + group->name() + " is inside " + group->group->name() + ", but " +
                 target->name() +
                 " is not; compute_at can only move a group to a stage of its own enclosing group");
  for (const Stage& member : InheritingMembers(sch, group))
    if (Status st = detail::CheckComputeAt(sch, member, target, ivar, false); !st)
      return Error(st.error().message + " (" + member->name() + " is a member of " + group->name() +
                   ")");
  TraceEntry entry;
  entry.stages = {detail::MakeStageRef(sch, target)};
  entry.iter_vars = {detail::MakeIterVarRef(sch, target, ivar)};
  group->attach_type = AttachType::Scope;
  group->attach_stage = target;
  group->attach_ivar = ivar;
  detail::PropagateGroupAttach(sch);
  TraceEntry& recorded = detail::Record(sch, what, group);
  recorded.stages = std::move(entry.stages);
  recorded.iter_vars = std::move(entry.iter_vars);
  return Status::Ok();
}

Status GroupComputeRoot(Schedule& sch, const Stage& group) {
  if (Status st = CheckGroupMovable(group, "compute_root"); !st) return st;
  group->attach_type = AttachType::GroupRoot;
  group->attach_stage = nullptr;
  group->attach_ivar = nullptr;
  detail::PropagateGroupAttach(sch);
  detail::Record(sch, "compute_root", group);
  return Status::Ok();
}

}  // namespace tessera::schedule
