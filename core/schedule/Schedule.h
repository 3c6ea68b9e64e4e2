// Schedule and Stage (TVM's ScheduleNode / StageNode; see te-schedule-internals-zh.md
// and the InferBound document). A Schedule owns one Stage per operation in
// topological order (producers first), the workload's outputs and the Trace of the
// primitives applied so far. Primitives (Primitives.h) are the only mutators.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "schedule/IterVarRelation.h"
#include "schedule/StageLayout.h"
#include "schedule/Trace.h"
#include "support/Result.h"
#include "te/Operation.h"

namespace tessera::te {
struct TensorIntrinNode;  // te/TensorIntrin.h
}

namespace tessera::schedule {

// Where a stage is computed.
enum class AttachType : uint8_t {
  GroupRoot,       // at the root of the program (compute_root, the default)
  Inline,          // compute_inline: substituted into its consumers
  InlinedAlready,  // after normalization: already substituted
  Scope,           // compute_at: inside attach_stage's loop attach_ivar
  ScanUpdate,      // a stage of a scan's update: inside attach_stage's (the scan's) time loop
};
const char* attach_type_name(AttachType t);  // "root", "inline", "inlined", "scope", "scan_update"

// Per-IterVar schedule attributes.
struct IterVarAttr {
  // Vectorized, Unrolled or Parallelized; DataPar means "no annotation".
  ir::IterVarType annotation = ir::IterVarType::DataPar;
  IterVar bind_thread;  // thread IterVar this loop is bound to
  std::vector<std::pair<std::string, Expr>> pragmas;
  int64_t align_factor = 0;  // storage_align (on a root axis of the op)
  int64_t align_offset = 0;
  // tensorize: the loop nest from this (leaf) IterVar inward is replaced by the intrinsic.
  std::shared_ptr<const te::TensorIntrinNode> tensor_intrin;
  // prefetch: each iteration first touches, a cache line at a time, what the loop's body
  // reads of the tensor `offset` iterations later.
  std::vector<std::pair<te::Tensor, int64_t>> prefetches;
};

struct StageNode;
using Stage = std::shared_ptr<StageNode>;

struct StageNode {
  te::Operation op;         // current op (replaced by data-flow rewrites)
  te::Operation origin_op;  // the op the stage was created for
  std::vector<IterVar> all_iter_vars;
  std::vector<IterVar> leaf_iter_vars;  // loop order, outermost first
  std::vector<IterVarRelation> relations;
  std::unordered_map<IterVar, IterVarAttr> iter_var_attrs;
  AttachType attach_type = AttachType::GroupRoot;
  IterVar attach_ivar;
  Stage attach_stage;
  std::string scope;  // storage scope of the stage's output ("" = global)
  // set_store_predicate: elements are stored only where it holds (undefined: always).
  // It reads the stage's iter vars, the threads bound in it and shape variables.
  Expr store_predicate;
  bool is_output = false;
  // transform_layout: how the stage's outputs are stored; null = the logical layout.
  std::shared_ptr<const StageLayout> layout;
  // create_group (Group.h; TVM's group stage). A group is a StageNode without an op,
  // kept in Schedule::groups; `group` is the innermost group a stage or group is in.
  Stage group;
  int num_child_stages = 0;  // a group: its direct members, stages and groups
  int group_entry = -1;      // a group: its create_group trace entry (-1: a scan's)
  std::string group_label;   // a group: its name in messages and traces ("group#3")
  // attach_* were copied from the enclosing group's compute_at: the stage's own attach is
  // "root of its group" (TVM's GetAttachSpec, resolved when the group moves).
  bool attach_from_group = false;

  bool is_group() const { return !op; }
  const std::string& name() const { return op ? op->name : group_label; }
  bool is_placeholder() const { return op && op->kind() == te::OpKind::Placeholder; }
  // Attributes of `iv` (a default when it has none).
  IterVarAttr attr(const IterVar& iv) const;
  bool is_leaf(const IterVar& iv) const;
  bool owns(const IterVar& iv) const;
  // The IterVar named `name` in this stage; an error when absent or ambiguous.
  Result<IterVar> find_iter_var(const std::string& name) const;
};

struct Schedule {
  std::vector<te::Operation> outputs;  // the workload's outputs as given
  std::vector<Stage> stages;           // topological order, producers first
  std::vector<Stage> groups;           // create_group's group stages, in creation order
  Trace trace;
  std::map<std::string, IterVar> thread_axes;  // one shared IterVar per thread tag

  Schedule() = default;
  Schedule(Schedule&&) = default;
  Schedule& operator=(Schedule&&) = default;
  Schedule(const Schedule&) = delete;
  Schedule& operator=(const Schedule&) = delete;

  // A deep copy: new stages (attach_stage remapped), same operations and IterVars.
  Schedule copy() const;
  // The stage named `name` / created for `op` / computing `t`; nullptr when none.
  Stage find(const std::string& name) const;
  Stage find(const te::Operation& op) const;
  Stage find(const te::Tensor& t) const { return find(t.op()); }
  // find() that reports a missing stage as an Error.
  Result<Stage> lookup(const std::string& name) const;
  // The shared thread IterVar for `tag` ("threadIdx.x"), created on first use.
  IterVar thread_axis(const std::string& tag);
  // Every stage's buffer layout (transform_layout), in stage order.
  std::vector<BufferLayoutSummary> buffer_layouts() const;
};

// The schedule of `outputs` with every stage at root. Fails when two operations share
// a name (stages are addressed by name in traces and scripts).
Result<Schedule> create_schedule(const std::vector<te::Operation>& outputs);
Result<Schedule> create_schedule(const std::vector<te::Tensor>& outputs);

}  // namespace tessera::schedule
