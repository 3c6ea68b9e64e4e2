#include "tune/FusedAxes.h"

#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "te/Tensor.h"
#include "tune/KnobNames.h"
#include "tune/ScheduleRule.h"

namespace tessera::tune {

namespace {

// `axes` with `outer` and `inner` replaced by `fused` (once, where the first of them was).
std::vector<std::string> Replaced(const std::vector<std::string>& axes, const std::string& outer,
                                  const std::string& inner, const std::string& fused) {
  std::vector<std::string> out;
  for (const std::string& a : axes) {
    const bool merged = a == outer || a == inner;
    if (merged && std::find(out.begin(), out.end(), fused) != out.end()) continue;
    out.push_back(merged ? fused : a);
  }
  return out;
}

}  // namespace

std::vector<std::string> FindFusedAxes(const te::ComputeOpNode& op) {
  const size_t n = op.axis.size();
  if (n < 2) return {};
  const ir::IterVar& a = op.axis[n - 2];
  const ir::IterVar& b = op.axis[n - 1];
  const int64_t* inner_extent = b->dom.extent.defined() ? ir::as_const_int(b->dom.extent) : nullptr;
  if (!inner_extent) return {};
  bool ok = true, streamed = false;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    bool uses = false;
    for (const ir::Expr& i : indices)
      uses = uses || ir::UsesVar(i, a->var) || ir::UsesVar(i, b->var);
    if (!uses) return;
    const size_t m = indices.size();
    // Read in place, so a placeholder; bare indices, the last two; no other uses them.
    if (t.op()->kind() != te::OpKind::Placeholder || m < 2 || !indices[m - 1].same_as(b->var) ||
        !indices[m - 2].same_as(a->var)) {
      ok = false;
      return;
    }
    for (size_t i = 0; i + 2 < m; ++i)
      if (ir::UsesVar(indices[i], a->var) || ir::UsesVar(indices[i], b->var)) ok = false;
    const std::vector<ir::Expr>& shape = t->shape;
    const int64_t* last = ir::as_const_int(shape.back());
    if (!last || *last != *inner_extent) ok = false;
    streamed = true;
  });
  // Without an operand along the axes there is nothing contiguous to gain.
  if (!ok || !streamed) return {};
  return {a->var.name(), b->var.name()};
}

std::string FusedAxisName(const std::vector<std::string>& axes) {
  return axes.at(0) + "." + axes.at(1) + ".fused";
}

bool FusedOn(const Decisions& d, const StageRule& rule) {
  return !rule.fused_axes.empty() && KnobChoiceOr(d, FuseKnobName(rule.stage), 0) == 1;
}

StageRule FusedView(const StageRule& rule) {
  StageRule view = rule;
  if (rule.fused_axes.size() != 2) return view;
  const std::string& outer = rule.fused_axes[0];
  const std::string& inner = rule.fused_axes[1];
  const std::string fused = FusedAxisName(rule.fused_axes);
  view.spatial_axes = Replaced(rule.spatial_axes, outer, inner, fused);
  view.streamed_axes = Replaced(rule.streamed_axes, outer, inner, fused);
  for (StageRule::Load& load : view.loads) load.axes = Replaced(load.axes, outer, inner, fused);
  view.transposed.clear();
  view.transposed_axes.clear();
  view.channel = ChannelAxis();
  view.phased = PhasedProducer();
  view.fused_axes.clear();
  return view;
}

}  // namespace tessera::tune
