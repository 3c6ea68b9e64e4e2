#include "tir/Schedule.h"

#include <map>

#include "ir/ExprOp.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace schedule_detail {

Instruction Inst(InstKind kind, std::vector<int> inputs = {}) {
  Instruction inst;
  inst.kind = kind;
  inst.inputs = std::move(inputs);
  return inst;
}

}  // namespace schedule_detail

using schedule_detail::Inst;

Schedule::Schedule(PrimFunc func, int64_t seed, std::string func_name)
    : rand_state_(LinearCongruentialEngine::NormalizeSeed(seed)) {
  funcs_.push_back({std::move(func_name), ScheduleState(func), func});
}

Schedule::Schedule(const Module& module, const std::string& work_on, int64_t seed)
    : rand_state_(LinearCongruentialEngine::NormalizeSeed(seed)) {
  for (const auto& [name, func] : module) funcs_.push_back({name, ScheduleState(func), func});
  if (funcs_.empty()) funcs_.push_back({work_on, ScheduleState(PrimFunc()), PrimFunc()});
  if (auto at = FindFunction(work_on); at.ok()) working_ = static_cast<size_t>(*at);
  active_ = static_cast<int>(working_);
}

Result<int> Schedule::FindFunction(const std::string& name) const {
  for (size_t i = 0; i < funcs_.size(); ++i)
    if (funcs_[i].name == name) return static_cast<int>(i);
  std::string names;
  for (const FuncEntry& f : funcs_) names += (names.empty() ? "\"" : ", \"") + f.name + "\"";
  return ScheduleError(
      "ValueError", "the module has no function '" + name + "'; candidates are: [" + names + "]");
}

Status Schedule::WorkOn(const std::string& name) {
  auto at = FindFunction(name);
  if (!at.ok()) return at.error();
  working_ = static_cast<size_t>(*at);
  return Status::Ok();
}

Schedule::Module Schedule::module() const {
  Module out;
  for (const FuncEntry& f : funcs_) out.emplace_back(f.name, f.state.func());
  return out;
}

Schedule::Module Schedule::original_module() const {
  Module out;
  for (const FuncEntry& f : funcs_) out.emplace_back(f.name, f.original);
  return out;
}

Schedule Schedule::Unscheduled(int64_t seed) const {
  Schedule fresh(original_module(), func_name(), seed);
  fresh.intrins_ = intrins_;
  return fresh;
}

Status Schedule::Enter(const std::vector<int>& ids) {
  int func = -1, first = -1;
  for (int id : ids) {
    if (id < 0 || id >= static_cast<int>(rvs_.size()) || rvs_[id].is_expr) continue;
    if (func < 0) {
      func = rvs_[id].func;
      first = id;
    } else if (rvs_[id].func != func) {
      // TVM finds no common scope for them; its error depends on the primitive.
      return ScheduleError("ValueError",
                           "the random variables belong to different functions "
                           "of the module: one to '" +
                               funcs_[rvs_[first].func].name + "', one to '" +
                               funcs_[rvs_[id].func].name + "'");
    }
  }
  active_ = func < 0 ? static_cast<int>(working_) : func;
  return Status::Ok();
}

int Schedule::NewBlockRV(const std::string& name) {
  RVEntry e;
  e.is_block = true;
  e.func = active_;
  e.block = name;
  rvs_.push_back(e);
  return static_cast<int>(rvs_.size()) - 1;
}

int Schedule::NewLoopRV(const Var& v) {
  RVEntry e;
  e.func = active_;
  e.loop = v;
  rvs_.push_back(e);
  return static_cast<int>(rvs_.size()) - 1;
}

int Schedule::NewExprRV(int64_t value) {
  RVEntry e;
  e.is_expr = true;
  e.value = value;
  rvs_.push_back(e);
  return static_cast<int>(rvs_.size()) - 1;
}

Status Schedule::RemoveRV(int rv_id) {
  if (rv_id < 0 || rv_id >= static_cast<int>(rvs_.size()) || rvs_[rv_id].removed)
    return ScheduleError("IndexError",
                         "Cannot find the object in the symbol table: the random variable is "
                         "not this schedule's, or remove_rv removed it already");
  rvs_[rv_id].removed = true;
  return Status::Ok();
}

Status Schedule::CheckNotRemoved(int rv_id, const char* kind) const {
  if (!rvs_[rv_id].removed) return Status::Ok();
  return ScheduleError("IndexError", std::string("Cannot find corresponding ") + kind +
                                         ": remove_rv took it out of the symbol table");
}

Result<int64_t> Schedule::Get(const ExprRV& expr) const {
  if (expr.id < 0 || expr.id >= static_cast<int>(rvs_.size()) || !rvs_[expr.id].is_expr) {
    return ScheduleError("ValueError", "Not an expression random variable of this schedule");
  }
  if (Status s = CheckNotRemoved(expr.id, "ExprRV"); !s.ok()) return s.error();
  return rvs_[expr.id].value;
}

Result<const BlockRealizeNode*> Schedule::Get(const BlockRV& block) const {
  if (block.id < 0 || block.id >= static_cast<int>(rvs_.size()) || !rvs_[block.id].is_block) {
    return ScheduleError("ValueError", "Not a block random variable of this schedule");
  }
  if (Status s = CheckNotRemoved(block.id, "BlockRV"); !s.ok()) return s.error();
  std::vector<const BlockRealizeNode*> found = StateOf(block.id).FindBlocks(rvs_[block.id].block);
  if (found.size() != 1) {
    return ScheduleError("ValueError",
                         "The block " + rvs_[block.id].block + " is no longer in the function");
  }
  return found[0];
}

Result<Var> Schedule::LoopVar(const LoopRV& loop) const {
  if (loop.id < 0 || loop.id >= static_cast<int>(rvs_.size()) || rvs_[loop.id].is_block ||
      rvs_[loop.id].is_expr) {
    return ScheduleError("ValueError", "Not a loop random variable of this schedule");
  }
  if (Status s = CheckNotRemoved(loop.id, "LoopRV"); !s.ok()) return s.error();
  if (rvs_[loop.id].mark != 0) {
    return ScheduleError("ValueError", std::string("The loop random variable is the ") +
                                           (rvs_[loop.id].mark == -1 ? "root" : "inline") +
                                           " mark of a sampled compute location, not a loop");
  }
  return rvs_[loop.id].loop;
}

Result<const ForNode*> Schedule::Get(const LoopRV& loop) const {
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  if (const ForNode* f = StateOf(loop.id).FindLoop(*v)) return f;
  return ScheduleError("ValueError", "The loop " + v->name() +
                                         " is no longer in the function (an earlier primitive "
                                         "replaced it)");
}

Result<std::vector<Var>> Schedule::LoopVars(const std::vector<LoopRV>& loops) const {
  std::vector<Var> vars;
  for (const LoopRV& l : loops) {
    auto v = LoopVar(l);
    if (!v.ok()) return v.error();
    vars.push_back(*v);
  }
  return vars;
}

Result<BlockRV> Schedule::GetBlock(const std::string& name, const std::string& func_name) {
  auto func = func_name.empty() ? Result<int>(static_cast<int>(working_)) : FindFunction(func_name);
  if (!func.ok()) return func.error();
  auto found = tir::GetBlock(funcs_[*func].state, name);
  if (!found.ok()) return found.error();
  active_ = *func;
  BlockRV rv{NewBlockRV(name)};
  Instruction inst = Inst(InstKind::GetBlock);
  inst.name = name;
  inst.func_name = funcs_[*func].name;
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<std::vector<LoopRV>> Schedule::GetLoops(const BlockRV& block) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  Instruction inst = Inst(InstKind::GetLoops, {block.id});
  std::vector<LoopRV> loops;
  for (const Var& v : tir::GetLoops(Active(), *realize)) {
    loops.push_back({NewLoopRV(v)});
    inst.outputs.push_back(loops.back().id);
  }
  trace_.insts.push_back(std::move(inst));
  return loops;
}

Result<std::vector<BlockRV>> Schedule::RecordBlocks(InstKind kind, int input,
                                                    const std::vector<std::string>& names) {
  Instruction inst = Inst(kind, {input});
  std::vector<BlockRV> blocks;
  for (const std::string& n : names) {
    blocks.push_back({NewBlockRV(n)});
    inst.outputs.push_back(blocks.back().id);
  }
  trace_.insts.push_back(std::move(inst));
  return blocks;
}

Result<std::vector<BlockRV>> Schedule::GetChildBlocks(const BlockRV& block) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  return RecordBlocks(InstKind::GetChildBlocks, block.id, tir::GetChildBlocks(Active(), *realize));
}

Result<std::vector<BlockRV>> Schedule::GetChildBlocks(const LoopRV& loop) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto l = Get(loop);
  if (!l.ok()) return l.error();
  return RecordBlocks(InstKind::GetChildBlocks, loop.id, tir::GetChildBlocks(Active(), *l));
}

Result<std::vector<BlockRV>> Schedule::GetProducers(const BlockRV& block) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  return RecordBlocks(InstKind::GetProducers, block.id, tir::GetProducers(Active(), *realize));
}

Result<std::vector<BlockRV>> Schedule::GetConsumers(const BlockRV& block) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  return RecordBlocks(InstKind::GetConsumers, block.id, tir::GetConsumers(Active(), *realize));
}

Result<std::vector<BlockRV>> Schedule::GetOutputBlocks(const BlockRV& scope_block) {
  if (Status s = Enter({scope_block.id}); !s.ok()) return s.error();
  auto realize = Get(scope_block);
  if (!realize.ok()) return realize.error();
  return RecordBlocks(InstKind::GetOutputBlocks, scope_block.id,
                      tir::GetOutputBlocks(Active(), *realize));
}

void Schedule::EnterPostproc() { trace_.insts.push_back(Inst(InstKind::EnterPostproc)); }

Status Schedule::UnsafeHideBufferAccess(const BlockRV& block, const std::string& buf_type,
                                        const std::vector<int64_t>& indices) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (Status s = tir::UnsafeHideBufferAccess(&Active(), (*realize)->block->name, buf_type, indices);
      !s.ok())
    return s;
  Instruction inst = Inst(InstKind::UnsafeHideBufferAccess, {block.id});
  inst.name = buf_type;
  inst.ints = indices;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

std::vector<LoopRV> Schedule::RecordLoops(Instruction inst, const std::vector<Var>& vars) {
  std::vector<LoopRV> loops;
  for (const Var& v : vars) {
    loops.push_back({NewLoopRV(v)});
    inst.outputs.push_back(loops.back().id);
  }
  trace_.insts.push_back(std::move(inst));
  return loops;
}

Result<std::vector<LoopRV>> Schedule::Split(const LoopRV& loop, const std::vector<Expr>& factors,
                                            bool preserve_unit_iters, bool disable_predication) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  auto vars = tir::Split(&Active(), *v, factors, preserve_unit_iters, disable_predication);
  if (!vars.ok()) return vars.error();
  Instruction inst = Inst(InstKind::Split, {loop.id});
  inst.factors = factors;
  inst.preserve_unit_iters = preserve_unit_iters;
  inst.disable_predication = disable_predication;
  return RecordLoops(std::move(inst), *vars);
}

Result<std::vector<LoopRV>> Schedule::LoopPartition(const LoopRV& loop,
                                                    const std::vector<Expr>& factors,
                                                    bool preserve_unit_iters) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  auto vars = tir::LoopPartition(&Active(), *v, factors);
  if (!vars.ok()) return vars.error();
  Instruction inst = Inst(InstKind::LoopPartition, {loop.id});
  inst.factors = factors;
  inst.preserve_unit_iters = preserve_unit_iters;
  return RecordLoops(std::move(inst), *vars);
}

Result<std::vector<LoopRV>> Schedule::Split(const LoopRV& loop, const std::vector<ExprRV>& factors,
                                            bool preserve_unit_iters, bool disable_predication) {
  std::vector<Expr> values;
  for (const ExprRV& f : factors) {
    if (f.id == -1) {
      values.emplace_back();
      continue;
    }
    auto v = Get(f);
    if (!v.ok()) return v.error();
    values.push_back(ir::make_const(DataType::Int(32), *v));
  }
  auto loops = Split(loop, values, preserve_unit_iters, disable_predication);
  if (!loops.ok()) return loops;
  Instruction& inst = trace_.insts.back();  // recorded with the values: name the variables
  inst.factors.clear();
  for (const ExprRV& f : factors) inst.inputs.push_back(f.id);
  return loops;
}

Result<LoopRV> Schedule::Fuse(const std::vector<LoopRV>& loops, bool preserve_unit_iters) {
  std::vector<int> ids;
  for (const LoopRV& l : loops) ids.push_back(l.id);
  if (Status s = Enter(ids); !s.ok()) return s.error();
  auto vars = LoopVars(loops);
  if (!vars.ok()) return vars.error();
  auto fused = tir::Fuse(&Active(), *vars, preserve_unit_iters);
  if (!fused.ok()) return fused.error();
  Instruction inst = Inst(InstKind::Fuse);
  inst.preserve_unit_iters = preserve_unit_iters;
  for (const LoopRV& l : loops) inst.inputs.push_back(l.id);
  LoopRV rv{NewLoopRV(*fused)};
  inst.outputs.push_back(rv.id);
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<LoopRV> Schedule::Merge(const std::vector<LoopRV>& loops) {
  std::vector<int> ids;
  for (const LoopRV& l : loops) ids.push_back(l.id);
  if (Status s = Enter(ids); !s.ok()) return s.error();
  auto vars = LoopVars(loops);
  if (!vars.ok()) return vars.error();
  auto merged = tir::Merge(&Active(), *vars);
  if (!merged.ok()) return merged.error();
  Instruction inst = Inst(InstKind::Merge);
  for (const LoopRV& l : loops) inst.inputs.push_back(l.id);
  LoopRV rv{NewLoopRV(*merged)};
  inst.outputs.push_back(rv.id);
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Status Schedule::Reorder(const std::vector<LoopRV>& loops) {
  std::vector<int> ids;
  for (const LoopRV& l : loops) ids.push_back(l.id);
  if (Status s = Enter(ids); !s.ok()) return s.error();
  auto vars = LoopVars(loops);
  if (!vars.ok()) return vars.error();
  if (Status s = tir::Reorder(&Active(), *vars); !s.ok()) return s;
  Instruction inst = Inst(InstKind::Reorder);
  for (const LoopRV& l : loops) inst.inputs.push_back(l.id);
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Result<std::vector<ExprRV>> Schedule::SamplePerfectTile(
    const LoopRV& loop, int n, int max_innermost_factor,
    const std::optional<std::vector<int64_t>>& decision) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  RandState state = rand_state_;
  auto tiles = tir::SamplePerfectTile(&state, Active(), *v, n, max_innermost_factor,
                                      decision ? &*decision : nullptr);
  if (!tiles.ok()) return tiles.error();
  rand_state_ = state;
  return RecordTiles(InstKind::SamplePerfectTile, loop, {n, max_innermost_factor}, *tiles);
}

std::vector<ExprRV> Schedule::RecordTiles(InstKind kind, const LoopRV& loop,
                                          std::vector<int64_t> attrs,
                                          const std::vector<int64_t>& tiles) {
  Instruction inst = Inst(kind, {loop.id});
  inst.ints = std::move(attrs);
  inst.has_decision = true;
  inst.decision = tiles;
  std::vector<ExprRV> out;
  for (int64_t t : tiles) {
    // A loop of symbolic extent gets -1 as its outer tile: None, as in TVM (no variable).
    bool none = t == -1 && kind == InstKind::SamplePerfectTile;
    out.push_back({none ? -1 : NewExprRV(t)});
    inst.outputs.push_back(out.back().id);
  }
  trace_.insts.push_back(std::move(inst));
  return out;
}

Result<std::vector<ExprRV>> Schedule::SamplePartitionedTile(
    const LoopRV& loop, int n, int partition_pos, int innerpart_factor,
    const std::optional<std::vector<int64_t>>& decision) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  RandState state = rand_state_;
  auto tiles = tir::SamplePartitionedTile(&state, Active(), *v, n, partition_pos, innerpart_factor,
                                          decision ? &*decision : nullptr);
  if (!tiles.ok()) return tiles.error();
  rand_state_ = state;
  return RecordTiles(InstKind::SamplePartitionedTile, loop, {n, partition_pos, innerpart_factor},
                     *tiles);
}

Result<ExprRV> Schedule::SampleCategorical(const std::vector<int64_t>& candidates,
                                           const std::vector<double>& probs,
                                           std::optional<int64_t> decision) {
  if (Status s = Enter({}); !s.ok()) return s.error();
  RandState state = rand_state_;
  auto index = tir::SampleCategorical(&state, candidates, probs, decision ? &*decision : nullptr);
  if (!index.ok()) return index.error();
  rand_state_ = state;
  Instruction inst = Inst(InstKind::SampleCategorical);
  inst.ints = candidates;
  inst.probs = probs;
  inst.has_decision = true;
  inst.decision = {*index};
  ExprRV rv{NewExprRV(candidates[*index])};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<LoopRV> Schedule::SampleComputeLocation(const BlockRV& block,
                                               std::optional<int64_t> decision) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  RandState state = rand_state_;
  Var loop;
  auto index = tir::SampleComputeLocation(&state, Active(), (*realize)->block->name,
                                          decision ? &*decision : nullptr, &loop);
  if (!index.ok()) return index.error();
  rand_state_ = state;
  LoopRV rv{NewLoopRV(loop)};
  if (*index < 0) rvs_[rv.id].mark = *index;
  Instruction inst = Inst(InstKind::SampleComputeLocation, {block.id});
  inst.has_decision = true;
  inst.decision = {*index};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<LoopRV> Schedule::AddUnitLoop(const BlockRV& block) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  return RecordUnitLoop(block.id, *realize);
}

Result<LoopRV> Schedule::AddUnitLoop(const LoopRV& loop) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto l = Get(loop);
  if (!l.ok()) return l.error();
  return RecordUnitLoop(loop.id, *l);
}

Result<LoopRV> Schedule::RecordUnitLoop(int input, const StmtNode* target) {
  auto u = tir::AddUnitLoop(&Active(), target);
  if (!u.ok()) return u.error();
  Instruction inst = Inst(InstKind::AddUnitLoop, {input});
  LoopRV rv{NewLoopRV(*u)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Status Schedule::SetLoopKind(InstKind kind, const LoopRV& loop, const std::string& thread_axis) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  Status applied = kind == InstKind::Parallel    ? tir::Parallel(&Active(), *v)
                   : kind == InstKind::Vectorize ? tir::Vectorize(&Active(), *v)
                   : kind == InstKind::Unroll    ? tir::Unroll(&Active(), *v)
                                                 : tir::Bind(&Active(), *v, thread_axis);
  if (!applied.ok()) return applied;
  Instruction inst = Inst(kind, {loop.id});
  inst.name = thread_axis;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::Parallel(const LoopRV& loop) { return SetLoopKind(InstKind::Parallel, loop, ""); }
Status Schedule::Vectorize(const LoopRV& loop) {
  return SetLoopKind(InstKind::Vectorize, loop, "");
}
Status Schedule::Unroll(const LoopRV& loop) { return SetLoopKind(InstKind::Unroll, loop, ""); }
Status Schedule::Bind(const LoopRV& loop, const std::string& thread_axis) {
  return SetLoopKind(InstKind::Bind, loop, thread_axis);
}

Status Schedule::ComputeInline(const BlockRV& block) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (Status s = tir::ComputeInline(&Active(), (*realize)->block->name); !s.ok()) return s;
  trace_.insts.push_back(Inst(InstKind::ComputeInline, {block.id}));
  return Status::Ok();
}

Status Schedule::ReverseComputeInline(const BlockRV& block) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (Status s = tir::ReverseComputeInline(&Active(), (*realize)->block->name); !s.ok()) return s;
  trace_.insts.push_back(Inst(InstKind::ReverseComputeInline, {block.id}));
  return Status::Ok();
}

Status Schedule::ComputeAt(const BlockRV& block, const LoopRV& loop, bool preserve_unit_loops,
                           int64_t index) {
  return MoveUnderLoop(InstKind::ComputeAt, block, loop, preserve_unit_loops, index);
}

Status Schedule::ReverseComputeAt(const BlockRV& block, const LoopRV& loop,
                                  bool preserve_unit_loops, int64_t index) {
  return MoveUnderLoop(InstKind::ReverseComputeAt, block, loop, preserve_unit_loops, index);
}

Status Schedule::MoveUnderLoop(InstKind kind, const BlockRV& block, const LoopRV& loop,
                               bool preserve_unit_loops, int64_t index) {
  if (Status s = Enter({block.id, loop.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  const std::string& name = (*realize)->block->name;
  bool at = kind == InstKind::ComputeAt;
  int64_t mark = loop.id >= 0 && loop.id < static_cast<int>(rvs_.size()) && !rvs_[loop.id].is_block
                     ? rvs_[loop.id].mark
                     : 0;
  if (mark != 0) {  // a sampled location: the root leaves the block, inline inlines it
    if (mark == -2) {
      Status s =
          at ? tir::ComputeInline(&Active(), name) : tir::ReverseComputeInline(&Active(), name);
      if (!s.ok()) return s;
    }
    Instruction inst = Inst(kind, {block.id, loop.id});
    inst.preserve_unit_loops = preserve_unit_loops;
    inst.index = index;
    trace_.insts.push_back(std::move(inst));
    return Status::Ok();
  }
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  Status s = kind == InstKind::ComputeAt
                 ? tir::ComputeAt(&Active(), name, *v, preserve_unit_loops, index)
                 : tir::ReverseComputeAt(&Active(), name, *v, preserve_unit_loops, index);
  if (!s.ok()) return s;
  Instruction inst = Inst(kind, {block.id, loop.id});
  inst.preserve_unit_loops = preserve_unit_loops;
  inst.index = index;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Result<BlockRV> Schedule::Blockize(const LoopRV& loop, bool preserve_unit_iters) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  auto outer = tir::Blockize(&Active(), *v, preserve_unit_iters);
  if (!outer.ok()) return outer.error();
  Instruction inst = Inst(InstKind::Blockize, {loop.id});
  inst.preserve_unit_iters = preserve_unit_iters;
  BlockRV rv{NewBlockRV(*outer)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<BlockRV> Schedule::Blockize(const std::vector<BlockRV>& blocks, bool preserve_unit_iters) {
  std::vector<int> ids;
  for (const BlockRV& b : blocks) ids.push_back(b.id);
  if (Status s = Enter(ids); !s.ok()) return s.error();
  std::vector<std::string> names;
  for (const BlockRV& b : blocks) {
    auto realize = Get(b);
    if (!realize.ok()) return realize.error();
    names.push_back((*realize)->block->name);
  }
  auto outer = tir::BlockizeBlocks(&Active(), names, preserve_unit_iters);
  if (!outer.ok()) return outer.error();
  Instruction inst = Inst(InstKind::Blockize, ids);
  inst.preserve_unit_iters = preserve_unit_iters;
  BlockRV rv{NewBlockRV(*outer)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Status Schedule::Tensorize(const BlockRV& block, const TensorIntrin& intrin,
                           bool preserve_unit_iters) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  auto done = tir::Tensorize(&Active(), (*realize)->block->name, intrin);
  if (!done.ok()) return done.error();
  return RecordTensorize(block.id, intrin, preserve_unit_iters);
}

Status Schedule::Tensorize(const LoopRV& loop, const TensorIntrin& intrin,
                           bool preserve_unit_iters) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  auto done = tir::Tensorize(&Active(), *v, intrin, preserve_unit_iters);
  if (!done.ok()) return done.error();
  return RecordTensorize(loop.id, intrin, preserve_unit_iters);
}

Status Schedule::Tensorize(const BlockRV& block, const std::string& intrin,
                           bool preserve_unit_iters) {
  auto found = intrins_->Get(intrin);
  if (!found.ok()) return found.error();
  return Tensorize(block, *found, preserve_unit_iters);
}

Status Schedule::Tensorize(const LoopRV& loop, const std::string& intrin,
                           bool preserve_unit_iters) {
  auto found = intrins_->Get(intrin);
  if (!found.ok()) return found.error();
  return Tensorize(loop, *found, preserve_unit_iters);
}

Status Schedule::RecordTensorize(int target, const TensorIntrin& intrin, bool preserve_unit_iters) {
  Instruction inst = Inst(InstKind::Tensorize, {target});
  inst.name = intrin->name;
  inst.intrin = intrin;
  inst.preserve_unit_iters = preserve_unit_iters;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Result<BlockRV> Schedule::RFactor(const LoopRV& loop, int factor_axis) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  auto rf = tir::RFactor(&Active(), *v, factor_axis);
  if (!rf.ok()) return rf.error();
  Instruction inst = Inst(InstKind::RFactor, {loop.id});
  inst.ints = {factor_axis};
  BlockRV rv{NewBlockRV(*rf)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<BlockRV> Schedule::DecomposeReduction(const BlockRV& block, const LoopRV& loop) {
  if (Status s = Enter({block.id, loop.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  std::string name = (*realize)->block->name;
  auto init = tir::DecomposeReduction(&Active(), name, *v);
  if (!init.ok()) return init.error();
  for (RVEntry& rv : rvs_) {
    if (rv.is_block && rv.func == active_ && rv.block == name) rv.block = name + "_update";
  }
  Instruction inst = Inst(InstKind::DecomposeReduction, {block.id, loop.id});
  BlockRV rv{NewBlockRV(*init)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<BlockRV> Schedule::DecomposePadding(const BlockRV& block, const LoopRV& loop) {
  if (Status s = Enter({block.id, loop.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  auto fill = tir::DecomposePadding(&Active(), (*realize)->block->name, *v);
  if (!fill.ok()) return fill.error();
  Instruction inst = Inst(InstKind::DecomposePadding, {block.id, loop.id});
  BlockRV rv{NewBlockRV(*fill)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Status Schedule::PadEinsum(const BlockRV& block, const std::vector<int64_t>& padding) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (Status s = tir::PadEinsum(&Active(), (*realize)->block->name, padding); !s.ok()) return s;
  Instruction inst = Inst(InstKind::PadEinsum, {block.id});
  inst.ints = padding;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::Annotate(const LoopRV& loop, const std::string& key, const Expr& value) {
  if (Status s = Enter({loop.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  if (Status s = tir::AnnotateLoop(&Active(), *v, key, value); !s.ok()) return s;
  return RecordAnnotation(loop.id, key, value);
}

Status Schedule::Annotate(const BlockRV& block, const std::string& key, const Expr& value) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (Status s = tir::AnnotateBlock(&Active(), (*realize)->block->name, key, value); !s.ok())
    return s;
  return RecordAnnotation(block.id, key, value);
}

namespace {
template <typename RV>
Status AnnotateWithSample(Schedule* sch, Trace* trace, const RV& target, const std::string& key,
                          const ExprRV& value) {
  auto sampled = sch->Get(value);
  if (!sampled.ok()) return sampled.error();
  Status s = sch->Annotate(target, key, ir::make_const(DataType::Int(32), *sampled));
  if (s.ok()) trace->insts.back().inputs.push_back(value.id);
  return s;
}
}  // namespace

Status Schedule::Annotate(const LoopRV& loop, const std::string& key, const ExprRV& value) {
  return AnnotateWithSample(this, &trace_, loop, key, value);
}

Status Schedule::Annotate(const BlockRV& block, const std::string& key, const ExprRV& value) {
  return AnnotateWithSample(this, &trace_, block, key, value);
}

Status Schedule::Unannotate(const LoopRV& loop, const std::string& key) {
  return Annotate(loop, key, Expr());
}

Status Schedule::Unannotate(const BlockRV& block, const std::string& key) {
  return Annotate(block, key, Expr());
}

Status Schedule::RecordAnnotation(int rv, const std::string& key, const Expr& value) {
  Instruction inst = Inst(value.defined() ? InstKind::Annotate : InstKind::Unannotate, {rv});
  inst.name = key;
  inst.ann_val = value;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::SetScope(const BlockRV& block, int64_t buffer_index,
                          const std::string& storage_scope) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (buffer_index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  Status s = tir::SetScope(&Active(), (*realize)->block->name, static_cast<size_t>(buffer_index),
                           storage_scope);
  if (!s.ok()) return s;
  Instruction inst = Inst(InstKind::SetScope, {block.id});
  inst.buffer_index = buffer_index;
  inst.name = storage_scope;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::UnsafeSetDType(const BlockRV& block, int64_t buffer_index,
                                const std::string& dtype) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (buffer_index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  Status s = tir::UnsafeSetDType(&Active(), (*realize)->block->name,
                                 static_cast<size_t>(buffer_index), dtype);
  if (!s.ok()) return s;
  Instruction inst = Inst(InstKind::UnsafeSetDType, {block.id});
  inst.buffer_index = buffer_index;
  inst.name = dtype;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::RollingBuffer(const BlockRV& block, int64_t write_buffer_index) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (write_buffer_index < 0)
    return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  Status s = tir::RollingBuffer(&Active(), (*realize)->block->name,
                                static_cast<size_t>(write_buffer_index));
  if (!s.ok()) return s;
  Instruction inst = Inst(InstKind::RollingBuffer, {block.id});
  inst.buffer_index = write_buffer_index;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Result<std::vector<BlockRV>> Schedule::CacheIndex(const BlockRV& block,
                                                  const std::string& storage_scope,
                                                  int64_t cse_thresh) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  auto names = tir::CacheIndex(&Active(), (*realize)->block->name, storage_scope, cse_thresh);
  if (!names.ok()) return names.error();
  auto blocks = RecordBlocks(InstKind::CacheIndex, block.id, *names);
  trace_.insts.back().name = storage_scope;
  trace_.insts.back().ints = {cse_thresh};
  return blocks;
}

Result<BlockRV> Schedule::ReadAt(const LoopRV& loop, const BlockRV& block,
                                 int64_t read_buffer_index, const std::string& storage_scope) {
  return CopyAtLoop(InstKind::ReadAt, loop, block, read_buffer_index, storage_scope);
}

Result<BlockRV> Schedule::WriteAt(const LoopRV& loop, const BlockRV& block,
                                  int64_t write_buffer_index, const std::string& storage_scope) {
  return CopyAtLoop(InstKind::WriteAt, loop, block, write_buffer_index, storage_scope);
}

Result<BlockRV> Schedule::CopyAtLoop(InstKind kind, const LoopRV& loop, const BlockRV& block,
                                     int64_t index, const std::string& storage_scope) {
  if (Status s = Enter({loop.id, block.id}); !s.ok()) return s.error();
  auto v = LoopVar(loop);
  if (!v.ok()) return v.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  const std::string& name = (*realize)->block->name;
  auto copy = kind == InstKind::ReadAt
                  ? tir::ReadAt(&Active(), *v, name, static_cast<size_t>(index), storage_scope)
                  : tir::WriteAt(&Active(), *v, name, static_cast<size_t>(index), storage_scope);
  if (!copy.ok()) return copy.error();
  Instruction inst = Inst(kind, {loop.id, block.id});
  inst.buffer_index = index;
  inst.name = storage_scope;
  BlockRV rv{NewBlockRV(*copy)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Status Schedule::ReorderBlockIterVar(const BlockRV& block, const std::vector<int64_t>& new_order) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (Status s = tir::ReorderBlockIterVar(&Active(), (*realize)->block->name, new_order); !s.ok())
    return s;
  Instruction inst = Inst(InstKind::ReorderBlockIterVar, {block.id});
  inst.ints = new_order;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Result<BlockRV> Schedule::CacheRead(const BlockRV& block, int64_t read_buffer_index,
                                    const std::string& storage_scope,
                                    const std::vector<BlockRV>& consumer_blocks) {
  return CacheStage(InstKind::CacheRead, block, read_buffer_index, storage_scope, consumer_blocks);
}

Result<BlockRV> Schedule::CacheWrite(const BlockRV& block, int64_t write_buffer_index,
                                     const std::string& storage_scope,
                                     const std::vector<BlockRV>& consumer_blocks) {
  return CacheStage(InstKind::CacheWrite, block, write_buffer_index, storage_scope,
                    consumer_blocks);
}

Result<BlockRV> Schedule::CacheStage(InstKind kind, const BlockRV& block, int64_t index,
                                     const std::string& storage_scope,
                                     const std::vector<BlockRV>& consumer_blocks) {
  std::vector<int> ids = {block.id};
  for (const BlockRV& c : consumer_blocks) ids.push_back(c.id);
  if (Status s = Enter(ids); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  const std::string name = (*realize)->block->name;
  std::vector<std::string> consumers;
  std::vector<int> inputs = {block.id};
  for (const BlockRV& c : consumer_blocks) {
    auto consumer = Get(c);
    if (!consumer.ok()) return consumer.error();
    consumers.push_back((*consumer)->block->name);
    inputs.push_back(c.id);
  }
  auto stage =
      kind == InstKind::CacheRead
          ? tir::CacheRead(&Active(), name, static_cast<size_t>(index), storage_scope, consumers)
          : tir::CacheWrite(&Active(), name, static_cast<size_t>(index), storage_scope, consumers);
  if (!stage.ok()) return stage.error();
  Instruction inst = Inst(kind, inputs);
  inst.buffer_index = index;
  inst.name = storage_scope;
  BlockRV rv{NewBlockRV(*stage)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<BlockRV> Schedule::ReindexCacheRead(const BlockRV& block, int64_t read_buffer_index,
                                           const std::string& storage_scope,
                                           const IndexMap& index_map) {
  return ReindexCacheStage(InstKind::ReindexCacheRead, block, read_buffer_index, storage_scope,
                           index_map);
}

Result<BlockRV> Schedule::ReindexCacheWrite(const BlockRV& block, int64_t write_buffer_index,
                                            const std::string& storage_scope,
                                            const IndexMap& index_map) {
  return ReindexCacheStage(InstKind::ReindexCacheWrite, block, write_buffer_index, storage_scope,
                           index_map);
}

Result<BlockRV> Schedule::ReindexCacheStage(InstKind kind, const BlockRV& block, int64_t index,
                                            const std::string& storage_scope,
                                            const IndexMap& index_map) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  if (!index_map) return ScheduleError("ValueError", "reindex_cache_read/write needs an index map");
  const std::string name = (*realize)->block->name;
  auto stage = kind == InstKind::ReindexCacheRead
                   ? tir::ReindexCacheRead(&Active(), name, static_cast<size_t>(index),
                                           storage_scope, index_map)
                   : tir::ReindexCacheWrite(&Active(), name, static_cast<size_t>(index),
                                            storage_scope, index_map);
  if (!stage.ok()) return stage.error();
  Instruction inst = Inst(kind, {block.id});
  inst.buffer_index = index;
  inst.name = storage_scope;
  inst.index_map = index_map;
  BlockRV rv{NewBlockRV(*stage)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

Result<std::vector<BlockRV>> Schedule::CacheInplace(const BlockRV& block, int64_t read_buffer_index,
                                                    const std::string& storage_scope) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (read_buffer_index < 0)
    return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  auto stages = tir::CacheInplace(&Active(), (*realize)->block->name,
                                  static_cast<size_t>(read_buffer_index), storage_scope);
  if (!stages.ok()) return stages.error();
  Instruction inst = Inst(InstKind::CacheInplace, {block.id});
  inst.buffer_index = read_buffer_index;
  inst.name = storage_scope;
  std::vector<BlockRV> out;
  for (const std::string& name : *stages) {
    out.push_back({NewBlockRV(name)});
    inst.outputs.push_back(out.back().id);
  }
  trace_.insts.push_back(std::move(inst));
  return out;
}

Status Schedule::TransformLayout(const BlockRV& block, int64_t buffer_index, BufferIndexType type,
                                 const IndexMap& index_map, const IndexMap& pad_value,
                                 bool assume_injective_transform) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (!index_map) return ScheduleError("ValueError", "transform_layout needs an index map");
  if (buffer_index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  Status s =
      tir::TransformLayout(&Active(), (*realize)->block->name, static_cast<size_t>(buffer_index),
                           type, index_map, pad_value, assume_injective_transform);
  if (!s.ok()) return s;
  Instruction inst = Inst(InstKind::TransformLayout, {block.id});
  inst.buffer_index = buffer_index;
  inst.buffer_is_write = type == BufferIndexType::Write;
  inst.index_map = index_map;
  inst.pad_value = pad_value;
  inst.assume_injective_transform = assume_injective_transform;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::SetAxisSeparator(const BlockRV& block, int64_t buffer_index, BufferIndexType type,
                                  const std::vector<int64_t>& axis_separators) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (buffer_index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  Status s = tir::SetAxisSeparator(&Active(), (*realize)->block->name,
                                   static_cast<size_t>(buffer_index), type, axis_separators);
  if (!s.ok()) return s;
  Instruction inst = Inst(InstKind::SetAxisSeparator, {block.id});
  inst.buffer_index = buffer_index;
  inst.buffer_is_write = type == BufferIndexType::Write;
  inst.ints = axis_separators;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::AnnotateBufferAccess(const BlockRV& block, int64_t buffer_index,
                                      BufferIndexType type, const IndexMap& ranges) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (buffer_index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  Status s = tir::AnnotateBufferAccess(&Active(), (*realize)->block->name,
                                       static_cast<size_t>(buffer_index), type, ranges);
  if (!s.ok()) return s;
  Instruction inst = Inst(InstKind::AnnotateBufferAccess, {block.id});
  inst.buffer_index = buffer_index;
  inst.buffer_is_write = type == BufferIndexType::Write;
  inst.index_map = ranges;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::TransformBlockLayout(const BlockRV& block, const IndexMap& index_map) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (!index_map) return ScheduleError("ValueError", "transform_block_layout needs an index map");
  Status s = tir::TransformBlockLayout(&Active(), (*realize)->block->name, index_map);
  if (!s.ok()) return s;
  Instruction inst = Inst(InstKind::TransformBlockLayout, {block.id});
  inst.index_map = index_map;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Status Schedule::StorageAlign(const BlockRV& block, int64_t buffer_index, int64_t axis,
                              int64_t factor, int64_t offset) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (buffer_index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  Status s = tir::StorageAlign(&Active(), (*realize)->block->name,
                               static_cast<size_t>(buffer_index), axis, factor, offset);
  if (!s.ok()) return s;
  Instruction inst = Inst(InstKind::StorageAlign, {block.id});
  inst.buffer_index = buffer_index;
  inst.axis = axis, inst.factor = factor, inst.offset = offset;
  trace_.insts.push_back(std::move(inst));
  return Status::Ok();
}

Result<BlockRV> Schedule::ReIndex(const BlockRV& block, int64_t buffer_index,
                                  BufferIndexType type) {
  if (Status s = Enter({block.id}); !s.ok()) return s.error();
  auto realize = Get(block);
  if (!realize.ok()) return realize.error();
  if (buffer_index < 0) return ScheduleError("BufferIndexOutOfRangeError", "negative buffer index");
  auto stage =
      tir::ReIndex(&Active(), (*realize)->block->name, static_cast<size_t>(buffer_index), type);
  if (!stage.ok()) return stage.error();
  Instruction inst = Inst(InstKind::ReIndex, {block.id});
  inst.buffer_index = buffer_index;
  inst.buffer_is_write = type == BufferIndexType::Write;
  BlockRV rv{NewBlockRV(*stage)};
  inst.outputs = {rv.id};
  trace_.insts.push_back(std::move(inst));
  return rv;
}

namespace apply_trace_detail {

// Runs one instruction with its inputs translated; returns the new output ids.
Result<std::vector<int>> Run(const Instruction& inst, const std::vector<int>& in, Schedule* sch) {
  auto loops_of = [&] {
    std::vector<LoopRV> loops;
    for (int id : in) loops.push_back({id});
    return loops;
  };
  auto ids = [](const auto& rvs) {
    std::vector<int> out;
    for (const auto& rv : rvs) out.push_back(rv.id);
    return out;
  };
  auto status = [](const Status& s) -> Result<std::vector<int>> {
    if (!s.ok()) return s.error();
    return std::vector<int>{};
  };
  switch (inst.kind) {
    case InstKind::GetBlock: {
      auto b = sch->GetBlock(inst.name, inst.func_name);
      if (!b.ok()) return b.error();
      return std::vector<int>{b->id};
    }
    case InstKind::GetLoops: {
      auto r = sch->GetLoops({in.at(0)});
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::GetChildBlocks: {
      // The input is a block or a loop; try it as what it was recorded as.
      auto r = sch->Get(BlockRV{in.at(0)}).ok() ? sch->GetChildBlocks(BlockRV{in.at(0)})
                                                : sch->GetChildBlocks(LoopRV{in.at(0)});
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::GetProducers: {
      auto r = sch->GetProducers({in.at(0)});
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::GetConsumers: {
      auto r = sch->GetConsumers({in.at(0)});
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::GetOutputBlocks: {
      auto r = sch->GetOutputBlocks({in.at(0)});
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::CacheIndex: {
      auto r = sch->CacheIndex({in.at(0)}, inst.name, inst.ints.at(0));
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::UnsafeHideBufferAccess:
      return status(sch->UnsafeHideBufferAccess({in.at(0)}, inst.name, inst.ints));
    case InstKind::EnterPostproc:
      sch->EnterPostproc();
      return std::vector<int>{};
    case InstKind::LoopPartition: {
      auto r = sch->LoopPartition({in.at(0)}, inst.factors, inst.preserve_unit_iters);
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::Split: {
      if (in.size() > 1) {  // sampled factors
        std::vector<ExprRV> factors;
        for (size_t i = 1; i < in.size(); ++i) factors.push_back({in[i]});
        auto r =
            sch->Split({in.at(0)}, factors, inst.preserve_unit_iters, inst.disable_predication);
        if (!r.ok()) return r.error();
        return ids(*r);
      }
      auto r =
          sch->Split({in.at(0)}, inst.factors, inst.preserve_unit_iters, inst.disable_predication);
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::Fuse: {
      auto r = sch->Fuse(loops_of(), inst.preserve_unit_iters);
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::Merge: {
      auto r = sch->Merge(loops_of());
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::Reorder:
      return status(sch->Reorder(loops_of()));
    case InstKind::Parallel:
      return status(sch->Parallel({in.at(0)}));
    case InstKind::Vectorize:
      return status(sch->Vectorize({in.at(0)}));
    case InstKind::Unroll:
      return status(sch->Unroll({in.at(0)}));
    case InstKind::Bind:
      return status(sch->Bind({in.at(0)}, inst.name));
    case InstKind::ComputeInline:
      return status(sch->ComputeInline({in.at(0)}));
    case InstKind::ReverseComputeInline:
      return status(sch->ReverseComputeInline({in.at(0)}));
    case InstKind::ComputeAt:
      return status(sch->ComputeAt({in.at(0)}, {in.at(1)}, inst.preserve_unit_loops, inst.index));
    case InstKind::SetScope:
      return status(sch->SetScope({in.at(0)}, inst.buffer_index, inst.name));
    case InstKind::TransformLayout:
      return status(sch->TransformLayout(
          {in.at(0)}, inst.buffer_index,
          inst.buffer_is_write ? BufferIndexType::Write : BufferIndexType::Read, inst.index_map,
          inst.pad_value, inst.assume_injective_transform));
    case InstKind::TransformBlockLayout:
      return status(sch->TransformBlockLayout({in.at(0)}, inst.index_map));
    case InstKind::AnnotateBufferAccess:
      return status(sch->AnnotateBufferAccess(
          {in.at(0)}, inst.buffer_index,
          inst.buffer_is_write ? BufferIndexType::Write : BufferIndexType::Read, inst.index_map));
    case InstKind::SetAxisSeparator:
      return status(sch->SetAxisSeparator(
          {in.at(0)}, inst.buffer_index,
          inst.buffer_is_write ? BufferIndexType::Write : BufferIndexType::Read, inst.ints));
    case InstKind::StorageAlign:
      return status(
          sch->StorageAlign({in.at(0)}, inst.buffer_index, inst.axis, inst.factor, inst.offset));
    case InstKind::ReIndex: {
      auto r = sch->ReIndex({in.at(0)}, inst.buffer_index,
                            inst.buffer_is_write ? BufferIndexType::Write : BufferIndexType::Read);
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::AddUnitLoop: {
      auto r = sch->Get(BlockRV{in.at(0)}).ok() ? sch->AddUnitLoop(BlockRV{in.at(0)})
                                                : sch->AddUnitLoop(LoopRV{in.at(0)});
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::Annotate:
    case InstKind::Unannotate: {
      Expr value = inst.kind == InstKind::Annotate ? inst.ann_val : Expr();
      int rv = in.at(0);
      bool block = sch->Get(BlockRV{rv}).ok();
      if (inst.kind == InstKind::Annotate && in.size() > 1) {  // a sampled value
        ExprRV sampled{in[1]};
        return status(block ? sch->Annotate(BlockRV{rv}, inst.name, sampled)
                            : sch->Annotate(LoopRV{rv}, inst.name, sampled));
      }
      return status(block ? sch->Annotate(BlockRV{rv}, inst.name, value)
                          : sch->Annotate(LoopRV{rv}, inst.name, value));
    }
    case InstKind::DecomposeReduction: {
      auto r = sch->DecomposeReduction({in.at(0)}, {in.at(1)});
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::ReverseComputeAt:
      return status(
          sch->ReverseComputeAt({in.at(0)}, {in.at(1)}, inst.preserve_unit_loops, inst.index));
    case InstKind::DecomposePadding: {
      auto r = sch->DecomposePadding({in.at(0)}, {in.at(1)});
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::PadEinsum:
      return status(sch->PadEinsum({in.at(0)}, inst.ints));
    case InstKind::UnsafeSetDType:
      return status(sch->UnsafeSetDType({in.at(0)}, inst.buffer_index, inst.name));
    case InstKind::RollingBuffer:
      return status(sch->RollingBuffer({in.at(0)}, inst.buffer_index));
    case InstKind::ReadAt:
    case InstKind::WriteAt: {
      auto r = inst.kind == InstKind::ReadAt
                   ? sch->ReadAt({in.at(0)}, {in.at(1)}, inst.buffer_index, inst.name)
                   : sch->WriteAt({in.at(0)}, {in.at(1)}, inst.buffer_index, inst.name);
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::ReorderBlockIterVar:
      return status(sch->ReorderBlockIterVar({in.at(0)}, inst.ints));
    case InstKind::Blockize: {
      // blockize of a list of blocks, or of a loop.
      std::vector<BlockRV> blocks;
      for (int id : in)
        if (sch->Get(BlockRV{id}).ok()) blocks.push_back({id});
      auto r = !blocks.empty() ? sch->Blockize(blocks, inst.preserve_unit_iters)
                               : sch->Blockize(LoopRV{in.at(0)}, inst.preserve_unit_iters);
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::Tensorize: {
      // The target is a block or a loop; try it as what it was recorded as.
      TensorIntrin intrin = inst.intrin;
      if (!intrin) {
        auto found = sch->tensor_intrins().Get(inst.name);
        if (!found.ok()) return found.error();
        intrin = *found;
      }
      if (sch->Get(BlockRV{in.at(0)}).ok())
        return status(sch->Tensorize(BlockRV{in.at(0)}, intrin, inst.preserve_unit_iters));
      return status(sch->Tensorize(LoopRV{in.at(0)}, intrin, inst.preserve_unit_iters));
    }
    case InstKind::RFactor: {
      if (inst.ints.size() != 1) return ScheduleError("ValueError", "expected factor_axis");
      auto r = sch->RFactor({in.at(0)}, static_cast<int>(inst.ints[0]));
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::SamplePerfectTile: {
      if (inst.ints.size() != 2) return ScheduleError("ValueError", "expected n and max factor");
      std::optional<std::vector<int64_t>> decision;
      if (inst.has_decision) decision = inst.decision;
      auto r = sch->SamplePerfectTile({in.at(0)}, static_cast<int>(inst.ints[0]),
                                      static_cast<int>(inst.ints[1]), decision);
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::SamplePartitionedTile: {
      if (inst.ints.size() != 3)
        return ScheduleError("ValueError", "expected n, partition_pos and innerpart_factor");
      std::optional<std::vector<int64_t>> decision;
      if (inst.has_decision) decision = inst.decision;
      auto r = sch->SamplePartitionedTile({in.at(0)}, static_cast<int>(inst.ints[0]),
                                          static_cast<int>(inst.ints[1]),
                                          static_cast<int>(inst.ints[2]), decision);
      if (!r.ok()) return r.error();
      return ids(*r);
    }
    case InstKind::SampleCategorical: {
      std::optional<int64_t> decision;
      if (inst.has_decision && !inst.decision.empty()) decision = inst.decision[0];
      auto r = sch->SampleCategorical(inst.ints, inst.probs, decision);
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::SampleComputeLocation: {
      std::optional<int64_t> decision;
      if (inst.has_decision && !inst.decision.empty()) decision = inst.decision[0];
      auto r = sch->SampleComputeLocation({in.at(0)}, decision);
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::CacheRead:
    case InstKind::CacheWrite: {
      std::vector<BlockRV> consumers;
      for (size_t i = 1; i < in.size(); ++i) consumers.push_back({in[i]});
      auto r = inst.kind == InstKind::CacheRead
                   ? sch->CacheRead({in.at(0)}, inst.buffer_index, inst.name, consumers)
                   : sch->CacheWrite({in.at(0)}, inst.buffer_index, inst.name, consumers);
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::ReindexCacheRead:
    case InstKind::ReindexCacheWrite: {
      auto r =
          inst.kind == InstKind::ReindexCacheRead
              ? sch->ReindexCacheRead({in.at(0)}, inst.buffer_index, inst.name, inst.index_map)
              : sch->ReindexCacheWrite({in.at(0)}, inst.buffer_index, inst.name, inst.index_map);
      if (!r.ok()) return r.error();
      return std::vector<int>{r->id};
    }
    case InstKind::CacheInplace: {
      auto r = sch->CacheInplace({in.at(0)}, inst.buffer_index, inst.name);
      if (!r.ok()) return r.error();
      return ids(*r);
    }
  }
  return ScheduleError("ValueError", "unknown instruction");
}

}  // namespace apply_trace_detail

Status ApplyTrace(const Trace& trace, Schedule* sch) {
  std::map<int, int> rv_map;  // recorded id -> id in `sch`
  for (size_t i = 0; i < trace.insts.size(); ++i) {
    const Instruction& inst = trace.insts[i];
    std::vector<int> in;
    for (int id : inst.inputs) {
      if (id < 0) {  // None among sampled split factors
        in.push_back(id);
        continue;
      }
      auto it = rv_map.find(id);
      if (it == rv_map.end()) {
        return Error("instruction " + std::to_string(i) + " (" + inst_kind_name(inst.kind) +
                     "): ValueError: it uses a random variable no instruction defined");
      }
      in.push_back(it->second);
    }
    auto out = apply_trace_detail::Run(inst, in, sch);
    if (!out.ok()) {
      return Error("instruction " + std::to_string(i) + " (" + inst_kind_name(inst.kind) +
                   "): " + out.error().message);
    }
    if (out->size() != inst.outputs.size()) {
      return Error("instruction " + std::to_string(i) + " (" + inst_kind_name(inst.kind) +
                   "): ValueError: it produced " + std::to_string(out->size()) +
                   " results where the trace recorded " + std::to_string(inst.outputs.size()));
    }
    for (size_t k = 0; k < out->size(); ++k) rv_map[inst.outputs[k]] = (*out)[k];
  }
  return Status::Ok();
}

}  // namespace tessera::tir
