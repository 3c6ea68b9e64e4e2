#include "schedule/Normalize.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/PrimitiveUtil.h"

namespace tessera::schedule {

namespace {

// Replaces loads of `tensor` by its definition with the indices substituted.
class InlineLoads : public ir::IRMutator {
 public:
  InlineLoads(te::Tensor tensor, const te::ComputeOpNode* def)
      : tensor_(std::move(tensor)), def_(def) {}

 protected:
  Expr VisitProducerLoad(const ir::ProducerLoadNode* n, const Expr& e) override {
    Expr visited = IRMutator::VisitProducerLoad(n, e);
    auto* load = visited.as<ir::ProducerLoadNode>();
    te::Tensor t = te::Tensor::from(load->producer);
    if (!t.defined() || !t.same_as(tensor_)) return visited;
    ir::VarMap vmap;
    for (size_t i = 0; i < def_->axis.size() && i < load->indices.size(); ++i)
      vmap[def_->axis[i]->var] = load->indices[i];
    return ir::Substitute(def_->body[static_cast<size_t>(tensor_->value_index)], vmap);
  }

 private:
  te::Tensor tensor_;
  const te::ComputeOpNode* def_;
};

void InlineStage(Schedule& sch, const Stage& inlined) {
  auto* def = dynamic_cast<const te::ComputeOpNode*>(inlined->op.get());
  if (!def) return;
  InlineLoads mutator(te::output_of(inlined->op, 0), def);
  detail::TensorMap changed;
  for (const Stage& s : sch.stages) {
    auto* c = dynamic_cast<const te::ComputeOpNode*>(s->op.get());
    if (!c || s == inlined) continue;
    std::vector<Expr> body;
    bool differs = false;
    for (const Expr& b : c->body) {
      body.push_back(mutator.VisitExpr(b));
      differs |= !body.back().same_as(b);
    }
    if (!differs) continue;
    te::Operation old_op = s->op;
    s->op = te::WithBody(old_op, std::move(body));
    for (int i = 0; i < old_op->num_outputs(); ++i)
      changed[te::output_of(old_op, i)] = te::output_of(s->op, i);
  }
  detail::ReplaceDataFlow(sch, changed);
  inlined->attach_type = AttachType::InlinedAlready;
}

}  // namespace

void InjectInline(Schedule& sch) {
  for (const Stage& s : sch.stages)
    if (s->attach_type == AttachType::Inline) InlineStage(sch, s);
}

Schedule Normalize(const Schedule& sch) {
  Schedule n = sch.copy();
  InjectInline(n);
  return n;
}

}  // namespace tessera::schedule
