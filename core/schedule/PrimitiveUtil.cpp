#include "schedule/PrimitiveUtil.h"

#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "te/Extern.h"
#include "te/Operation.h"
#include "te/Scan.h"

namespace tessera::schedule::detail {

Status CheckSchedulable(const Schedule& sch, const Stage& stage, const std::string& primitive) {
  if (!stage) return Error(primitive + ": no such stage");
  if (stage->is_group())
    return Error(primitive + ": " + stage->name() +
                 " is a group (create_group); only compute_at and compute_root apply to a group");
  if (StageIndex(sch, stage) < 0)
    return Error(primitive + ": stage " + stage->name() + " is not part of this schedule");
  if (stage->is_placeholder())
    return Error(primitive + ": " + stage->name() +
                 " is a placeholder (an input); it has no loops to schedule");
  return Status::Ok();
}

Status CheckOwned(const Schedule& sch, const Stage& stage, const IterVar& iv,
                  const std::string& primitive) {
  if (!iv) return Error(primitive + ": undefined iter var");
  if (stage->owns(iv)) return Status::Ok();
  for (const Stage& other : sch.stages)
    if (other->owns(iv))
      return Error(primitive + ": " + iv->var.name() + " is an axis of stage " + other->name() +
                   ", not of stage " + stage->name());
  return Error(primitive + ": " + iv->var.name() + " is not an axis of stage " + stage->name());
}

Status CheckLeaf(const Schedule& sch, const Stage& stage, const IterVar& iv,
                 const std::string& primitive) {
  if (Status s = CheckOwned(sch, stage, iv, primitive); !s) return s;
  if (!stage->is_leaf(iv))
    return Error(primitive + ": " + iv->var.name() + " is not a leaf axis of stage " +
                 stage->name() + " (it was already split or fused)");
  return Status::Ok();
}

Status CheckUnannotated(const Stage& stage, const IterVar& iv, const std::string& primitive) {
  IterVarAttr a = stage->attr(iv);
  if (a.bind_thread)
    return Error(primitive + ": " + iv->var.name() + " is bound to " + a.bind_thread->thread_tag +
                 "; " + primitive + " before binding");
  if (a.annotation != ir::IterVarType::DataPar)
    return Error(primitive + ": " + iv->var.name() + " is already " +
                 ir::iter_var_type_name(a.annotation) + "; " + primitive + " before annotating");
  if (!a.prefetches.empty())
    return Error(primitive + ": " + iv->var.name() + " prefetches " + a.prefetches[0].first->name +
                 "; " + primitive + " before prefetching");
  return Status::Ok();
}

namespace {

int IndexIn(const std::vector<IterVar>& vars, const IterVar& iv) {
  auto it = std::find(vars.begin(), vars.end(), iv);
  return it == vars.end() ? -1 : static_cast<int>(it - vars.begin());
}

}  // namespace

IterVarRef MakeIterVarRef(const Schedule& sch, const Stage& owner, const IterVar& iv) {
  IterVarRef ref;
  ref.name = iv->var.name();
  ref.stage = owner->name();
  if (auto* c = dynamic_cast<const te::ComputeOpNode*>(owner->op.get())) {
    if (int k = IndexIn(c->axis, iv); k >= 0) {
      ref.origin = IterVarRef::Origin::Axis;
      ref.index = k;
      return ref;
    }
    if (int k = IndexIn(c->reduce_axis, iv); k >= 0) {
      ref.origin = IterVarRef::Origin::ReduceAxis;
      ref.index = k;
      return ref;
    }
  }
  // Created by an earlier entry on this stage (split, fuse, tile).
  for (int e = static_cast<int>(sch.trace.entries.size()) - 1; e >= 0; --e) {
    const TraceEntry& entry = sch.trace.entries[static_cast<size_t>(e)];
    if (entry.stage.name != owner->name()) continue;
    auto it = std::find(entry.outputs.begin(), entry.outputs.end(), ref.name);
    if (it == entry.outputs.end()) continue;
    ref.origin = IterVarRef::Origin::EntryOutput;
    ref.entry = e;
    ref.index = static_cast<int>(it - entry.outputs.begin());
    return ref;
  }
  return ref;
}

StageRef MakeStageRef(const Schedule& sch, const Stage& stage) {
  StageRef ref;
  ref.name = stage->name();
  if (stage->is_group()) {  // a group is named by the create_group entry that made it
    ref.entry = stage->group_entry;
    return ref;
  }
  for (size_t e = 0; e < sch.trace.entries.size(); ++e) {
    const TraceEntry& entry = sch.trace.entries[e];
    bool creates_stage = entry.primitive == "cache_read" || entry.primitive == "cache_write" ||
                         entry.primitive == "rfactor";
    if (creates_stage && !entry.outputs.empty() && entry.outputs[0] == ref.name)
      ref.entry = static_cast<int>(e);
  }
  return ref;
}

TraceEntry& Record(Schedule& sch, const std::string& primitive, const Stage& stage) {
  TraceEntry entry;
  entry.primitive = primitive;
  entry.stage = MakeStageRef(sch, stage);
  sch.trace.entries.push_back(std::move(entry));
  return sch.trace.entries.back();
}

namespace {

class LoadReplacer : public ir::IRMutator {
 public:
  explicit LoadReplacer(const TensorMap& vmap) : vmap_(vmap) {}

 protected:
  Expr VisitProducerLoad(const ir::ProducerLoadNode* n, const Expr& e) override {
    Expr visited = IRMutator::VisitProducerLoad(n, e);
    auto* load = visited.as<ir::ProducerLoadNode>();
    te::Tensor t = te::Tensor::from(load->producer);
    if (!t.defined()) return visited;
    auto it = vmap_.find(t);
    if (it == vmap_.end()) return visited;
    return ir::MakeProducerLoad(it->second.producer(), load->indices);
  }

 private:
  const TensorMap& vmap_;
};

}  // namespace

std::vector<Expr> ReplaceLoads(const std::vector<Expr>& exprs, const TensorMap& vmap) {
  std::vector<Expr> out;
  LoadReplacer replacer(vmap);
  for (const Expr& e : exprs) out.push_back(replacer.VisitExpr(e));
  return out;
}

namespace {

// A scan whose init or update tensors were replaced reads the replacements.
bool ReplaceScanInputs(const Stage& s, const te::ScanOpNode& scan, const TensorMap& vmap) {
  auto replaced = [&](std::vector<te::Tensor> tensors, bool* changed) {
    for (te::Tensor& t : tensors)
      if (auto it = vmap.find(t); it != vmap.end()) {
        t = it->second;
        *changed = true;
      }
    return tensors;
  };
  bool changed = false;
  std::vector<te::Tensor> init = replaced(scan.init, &changed);
  std::vector<te::Tensor> update = replaced(scan.update, &changed);
  if (changed) s->op = te::ScanWithInputs(scan, std::move(init), std::move(update));
  return changed;
}

// An extern op whose inputs were replaced reads the replacements through the same
// buffers (TVM's ExternOpNode::ReplaceInputs); its outputs map to the new op's.
void ReplaceExternInputs(const Stage& s, const te::ExternOpNode& ext, TensorMap& vmap) {
  std::vector<te::Tensor> inputs = ext.inputs;
  bool changed = false;
  for (te::Tensor& t : inputs)
    if (auto it = vmap.find(t); it != vmap.end()) {
      t = it->second;
      changed = true;
    }
  if (!changed) return;
  te::Operation old_op = s->op;
  s->op = te::ExternWithInputs(ext, std::move(inputs));
  for (int i = 0; i < old_op->num_outputs(); ++i)
    vmap[te::output_of(old_op, i)] = te::output_of(s->op, i);
}

}  // namespace

void ReplaceDataFlow(Schedule& sch, TensorMap vmap) {
  for (const Stage& s : sch.stages) {
    if (auto* scan = dynamic_cast<const te::ScanOpNode*>(s->op.get())) {
      te::Operation old_op = s->op;
      if (ReplaceScanInputs(s, *scan, vmap))
        for (int i = 0; i < old_op->num_outputs(); ++i)
          vmap[te::output_of(old_op, i)] = te::output_of(s->op, i);
      continue;
    }
    if (auto* ext = dynamic_cast<const te::ExternOpNode*>(s->op.get())) {
      ReplaceExternInputs(s, *ext, vmap);
      continue;
    }
    auto* c = dynamic_cast<const te::ComputeOpNode*>(s->op.get());
    if (!c) continue;
    std::vector<Expr> body = ReplaceLoads(c->body, vmap);
    bool changed = false;
    for (size_t i = 0; i < body.size(); ++i) changed |= !body[i].same_as(c->body[i]);
    if (!changed) continue;
    te::Operation old_op = s->op;
    s->op = te::WithBody(old_op, std::move(body));
    for (int i = 0; i < old_op->num_outputs(); ++i)
      vmap[te::output_of(old_op, i)] = te::output_of(s->op, i);
  }
}

Stage ScanGroupOwner(const Schedule& sch, const Stage& stage) {
  for (const Stage& s : sch.stages) {
    auto* scan = dynamic_cast<const te::ScanOpNode*>(s->op.get());
    if (!scan) continue;
    for (const te::Operation& op : te::ScanUpdateGroup(*scan))
      if (op == stage->op || op == stage->origin_op) return s;
  }
  return nullptr;
}

Stage ScanReadingAsWhole(const Schedule& sch, const Stage& stage) {
  for (const Stage& s : sch.stages) {
    auto* scan = dynamic_cast<const te::ScanOpNode*>(s->op.get());
    if (!scan) continue;
    for (const auto* list : {&scan->init, &scan->update})
      for (const te::Tensor& t : *list)
        if (t.op() == stage->op || t.op() == stage->origin_op) return s;
  }
  return nullptr;
}

Status CheckNotScanTime(const Stage& stage, const std::string& primitive) {
  if (dynamic_cast<const te::ScanOpNode*>(stage->op.get()))
    return Error(primitive + ": " + stage->name() +
                 " is a te.scan; its time loop runs in order (each step reads the one before)");
  return Status::Ok();
}

int StageIndex(const Schedule& sch, const Stage& stage) {
  auto it = std::find(sch.stages.begin(), sch.stages.end(), stage);
  return it == sch.stages.end() ? -1 : static_cast<int>(it - sch.stages.begin());
}

std::string UniqueStageName(const Schedule& sch, const std::string& base) {
  if (!sch.find(base)) return base;
  for (int i = 1;; ++i) {
    std::string name = base + "." + std::to_string(i);
    if (!sch.find(name)) return name;
  }
}

}  // namespace tessera::schedule::detail
