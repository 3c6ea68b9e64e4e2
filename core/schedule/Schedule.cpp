#include "schedule/Schedule.h"

#include <algorithm>
#include <set>

#include "schedule/Graph.h"
#include "schedule/Group.h"
#include "te/Compute.h"
#include "te/Scan.h"

namespace tessera::schedule {

const char* attach_type_name(AttachType t) {
  switch (t) {
    case AttachType::GroupRoot:
      return "root";
    case AttachType::Inline:
      return "inline";
    case AttachType::InlinedAlready:
      return "inlined";
    case AttachType::Scope:
      return "scope";
    case AttachType::ScanUpdate:
      return "scan_update";
  }
  return "?";
}

IterVarAttr StageNode::attr(const IterVar& iv) const {
  auto it = iter_var_attrs.find(iv);
  return it == iter_var_attrs.end() ? IterVarAttr() : it->second;
}

bool StageNode::is_leaf(const IterVar& iv) const {
  return std::find(leaf_iter_vars.begin(), leaf_iter_vars.end(), iv) != leaf_iter_vars.end();
}

bool StageNode::owns(const IterVar& iv) const {
  return std::find(all_iter_vars.begin(), all_iter_vars.end(), iv) != all_iter_vars.end();
}

Result<IterVar> StageNode::find_iter_var(const std::string& var_name) const {
  IterVar found;
  for (const IterVar& iv : all_iter_vars) {
    if (iv->var.name() != var_name) continue;
    if (found) return Error("stage " + name() + " has two iter vars named '" + var_name + "'");
    found = iv;
  }
  if (!found) return Error("stage " + name() + " has no iter var named '" + var_name + "'");
  return found;
}

Schedule Schedule::copy() const {
  Schedule c;
  c.outputs = outputs;
  c.trace = trace;
  c.thread_axes = thread_axes;
  std::unordered_map<const StageNode*, Stage> remap;
  for (const Stage& s : stages) {
    Stage n = std::make_shared<StageNode>(*s);
    remap[s.get()] = n;
    c.stages.push_back(n);
  }
  for (const Stage& g : groups) {
    Stage n = std::make_shared<StageNode>(*g);
    remap[g.get()] = n;
    c.groups.push_back(n);
  }
  for (const std::vector<Stage>* nodes : {&c.stages, &c.groups})
    for (const Stage& n : *nodes) {
      if (n->attach_stage) n->attach_stage = remap.at(n->attach_stage.get());
      if (n->group) n->group = remap.at(n->group.get());
    }
  return c;
}

Stage Schedule::find(const std::string& name) const {
  for (const Stage& s : stages)
    if (s->name() == name) return s;
  return nullptr;
}

Stage Schedule::find(const te::Operation& op) const {
  for (const Stage& s : stages)
    if (s->op == op || s->origin_op == op) return s;
  return nullptr;
}

Result<Stage> Schedule::lookup(const std::string& name) const {
  if (Stage s = find(name)) return s;
  return Error("the schedule has no stage named '" + name + "'");
}

// `tag` may be "vthread:NAME": the virtual thread named NAME (Bind keys them so).
IterVar Schedule::thread_axis(const std::string& tag) {
  auto it = thread_axes.find(tag);
  if (it != thread_axes.end()) return it->second;
  size_t colon = tag.find(':');
  IterVar iv = colon == std::string::npos
                   ? te::thread_axis(tag)
                   : te::thread_axis(tag.substr(0, colon), ir::Range(), tag.substr(colon + 1));
  thread_axes[tag] = iv;
  return iv;
}

namespace {

Stage MakeStage(const te::Operation& op, bool is_output) {
  auto s = std::make_shared<StageNode>();
  s->op = op;
  s->origin_op = op;
  s->all_iter_vars = op->root_iter_vars();
  // Opaque root vars (a scan's spatial axes) carry bounds but make no loops.
  for (const IterVar& iv : s->all_iter_vars)
    if (iv->iter_type != ir::IterVarType::Opaque) s->leaf_iter_vars.push_back(iv);
  s->is_output = is_output;
  return s;
}

}  // namespace

Result<Schedule> create_schedule(const std::vector<te::Operation>& outputs) {
  if (outputs.empty()) return Error("create_schedule needs at least one output operation");
  for (const te::Operation& op : outputs)
    if (!op) return Error("create_schedule got an undefined operation");
  Schedule sch;
  sch.outputs = outputs;
  ReadGraph g = CreateReadGraph(outputs);
  std::set<std::string> names;
  for (const te::Operation& op : PostDFSOrder(outputs, g)) {
    if (!names.insert(op->name).second)
      return Error("two operations are named '" + op->name +
                   "'; give each placeholder and compute a distinct name");
    bool is_output = std::find(outputs.begin(), outputs.end(), op) != outputs.end();
    sch.stages.push_back(MakeStage(op, is_output));
  }
  // A scan's update group runs inside the scan's time loop (TVM: kScanUpdate). TVM
  // also makes it a group stage (s[update].group), which create_group may subdivide.
  for (const Stage& s : sch.stages) {
    auto* scan = dynamic_cast<const te::ScanOpNode*>(s->op.get());
    if (!scan) continue;
    std::vector<Stage> members;
    for (const te::Operation& op : te::ScanUpdateGroup(*scan)) {
      Stage member = sch.find(op);
      if (!member || member->attach_type == AttachType::ScanUpdate)
        return Error("stage " + op->name + " is in the update of two scans");
      member->attach_type = AttachType::ScanUpdate;
      member->attach_stage = s;
      members.push_back(member);
    }
    if (auto g = detail::CreateScanGroup(sch, s, members); !g) return g.error();
  }
  return sch;
}

Result<Schedule> create_schedule(const std::vector<te::Tensor>& outputs) {
  std::vector<te::Operation> ops;
  for (const te::Tensor& t : outputs) {
    if (!t.defined()) return Error("create_schedule got an undefined tensor");
    if (std::find(ops.begin(), ops.end(), t.op()) == ops.end()) ops.push_back(t.op());
  }
  return create_schedule(ops);
}

}  // namespace tessera::schedule
