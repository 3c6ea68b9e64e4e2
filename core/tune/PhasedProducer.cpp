#include "tune/PhasedProducer.h"

#include <map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/Graph.h"
#include "schedule/Primitives.h"
#include "te/Tensor.h"
#include "tune/KnobNames.h"
#include "tune/ScheduleRule.h"

namespace tessera::tune {

PhasedProducer FindPhasedProducer(const te::ComputeOpNode& op) {
  if (op.axis.size() < 2 || op.reduce_axis.empty()) return {};
  std::map<std::string, std::vector<std::vector<ir::Expr>>> loads;
  std::map<std::string, te::Tensor> tensors;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    auto* producer = dynamic_cast<const te::ComputeOpNode*>(t.op().get());
    if (!producer || producer->is_reduction() || producer->num_outputs() != 1) return;
    loads[t.op()->name].push_back(indices);
    tensors.emplace(t.op()->name, t);
  });
  for (const auto& [name, indices] : loads) {
    ColumnStride stride = FindColumnStride(indices, op.axis.back()->var, op.reduce_axis);
    if (!stride.strided()) continue;
    // Every spatial axis indexes the first load; the leading ones that index it directly
    // end at the attach axis.
    const std::vector<ir::Expr>& first = indices.front();
    bool all_used = true, leading = true;
    size_t plain = 0;
    for (size_t a = 0; a < op.axis.size(); ++a) {
      const ir::Var v = op.axis[a]->var;
      bool used = false, direct = false;
      for (const ir::Expr& index : first) {
        used = used || ir::UsesVar(index, v);
        direct = direct || index.same_as(v);
      }
      all_used = all_used && used;
      leading = leading && direct && a + 1 < op.axis.size();
      if (leading) plain = a + 1;
    }
    if (!all_used || plain == 0) continue;
    return PhasedProducer{name, stride, plain - 1};
  }
  return {};
}

bool PhasesOn(const schedule::Schedule& sch, const Decisions& d, const StageRule& rule) {
  if (!rule.phased.defined() || ChannelTileOn(d, rule)) return false;
  if (KnobChoiceOr(d, PhasesKnobName(rule.stage), 0) != 1) return false;
  const schedule::Stage producer = sch.find(rule.phased.producer);
  return producer && schedule::ConsumerStages(sch, producer).size() == 1;
}

Status ComputeInPhases(schedule::Schedule& sch, const StageRule& rule,
                       const schedule::Stage& consumer, const ir::IterVar& at, int lanes) {
  const schedule::Stage producer = sch.find(rule.phased.producer);
  if (!producer) return Error("tune: no stage " + rule.phased.producer);
  if (producer->attach_type != schedule::AttachType::GroupRoot || producer->layout)
    return Error("tune: " + PhasesKnobName(rule.stage) + " = 1 computes " + producer->name() +
                 " in phases inside " + rule.stage + "; it is inlined, attached or laid out");
  if (Status st = LayOutInPhases(sch, producer, rule.phased.stride); !st) return st;
  if (Status st = schedule::ComputeAt(sch, producer, consumer, at); !st) return st;
  // The innermost loop runs over the phase's columns: ceil(width / s) of them.
  const std::vector<ir::Expr>& shape = te::output_of(producer->op, 0)->shape;
  const int64_t* width = ir::as_const_int(shape[rule.phased.stride.dim]);
  const int64_t s = rule.phased.stride.stride;
  if (width && (*width + s - 1) / s >= lanes)
    return schedule::Vectorize(sch, producer, producer->leaf_iter_vars.back());
  return Status::Ok();
}

}  // namespace tessera::tune
