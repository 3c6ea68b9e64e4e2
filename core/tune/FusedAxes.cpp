#include "tune/FusedAxes.h"

#include <algorithm>
#include <optional>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/AffineIndex.h"
#include "schedule/Primitives.h"
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

// How the fused tile reads `t` at `indices` (which use a or b): in place (no dims) where
// they end in a and b, bare, and t's last dimension is b's extent; through a copy in
// phases where they end in sa * a + ca and sb * b + cb (0 <= c < s, a stride above 1) and
// the copy's last dimension, ceil(width / sb), is b's extent; nullopt otherwise. A
// placeholder only (read in place or copied whole), no other index using a or b.
std::optional<FusedCopy> PlaneRead(const te::Tensor& t, const std::vector<ir::Expr>& indices,
                                   const ir::Var& a, const ir::Var& b, int64_t inner_extent) {
  const size_t m = indices.size();
  if (t.op()->kind() != te::OpKind::Placeholder || m < 2) return std::nullopt;
  for (size_t i = 0; i + 2 < m; ++i)
    if (ir::UsesVar(indices[i], a) || ir::UsesVar(indices[i], b)) return std::nullopt;
  const int64_t* width = ir::as_const_int(t->shape.back());
  if (!width) return std::nullopt;
  FusedCopy copy{t.op()->name, {}};
  if (indices[m - 2].same_as(a) && indices[m - 1].same_as(b))
    return *width == inner_extent ? std::optional<FusedCopy>(copy) : std::nullopt;
  int64_t column_stride = 1;
  for (size_t k = 0; k < 2; ++k) {
    const size_t dim = m - 2 + k;
    auto affine = schedule::MakeAffineIndex(indices[dim], {a, b});
    if (!affine) return std::nullopt;
    const int64_t stride = affine->coeffs[k], offset = affine->base;
    if (affine->coeffs[1 - k] != 0 || stride < 1 || offset < 0 || offset >= stride)
      return std::nullopt;
    if (stride > 1) copy.dims.push_back(PhasedDim{dim, stride, {offset}});
    if (k == 1) column_stride = stride;
  }
  if (copy.dims.empty() || (*width + column_stride - 1) / column_stride != inner_extent)
    return std::nullopt;
  return copy;
}

}  // namespace

FusedPlane FindFusedPlane(const te::ComputeOpNode& op) {
  const size_t n = op.axis.size();
  if (n < 2) return {};
  const ir::IterVar& a = op.axis[n - 2];
  const ir::IterVar& b = op.axis[n - 1];
  const int64_t* inner_extent = b->dom.extent.defined() ? ir::as_const_int(b->dom.extent) : nullptr;
  if (!inner_extent) return {};
  bool ok = true;
  // Each tensor read along the plane, with how (no dims: in place); one way per tensor.
  std::vector<FusedCopy> reads;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    bool uses = false;
    for (const ir::Expr& i : indices)
      uses = uses || ir::UsesVar(i, a->var) || ir::UsesVar(i, b->var);
    if (!uses || !ok) return;
    auto read = PlaneRead(t, indices, a->var, b->var, *inner_extent);
    auto seen = std::find_if(reads.begin(), reads.end(),
                             [&](const FusedCopy& r) { return read && r.tensor == read->tensor; });
    if (!read || (seen != reads.end() && !(*seen == *read)))
      ok = false;
    else if (seen == reads.end())
      reads.push_back(std::move(*read));
  });
  // Without an operand along the axes there is nothing contiguous to gain.
  if (!ok || reads.empty()) return {};
  FusedPlane plane;
  plane.axes = {a->var.name(), b->var.name()};
  for (FusedCopy& r : reads)
    if (!r.dims.empty()) plane.copies.push_back(std::move(r));
  return plane;
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
  view.fused_copies.clear();
  return view;
}

Status MakeFusedCopies(schedule::Schedule& sch, const schedule::Stage& stage,
                       const std::vector<FusedCopy>& copies) {
  for (const FusedCopy& c : copies) {
    schedule::Stage input = sch.find(c.tensor);
    if (!input) return Error("tune: no stage " + c.tensor + " to copy for " + stage->name());
    auto copy = schedule::CacheRead(sch, input, "global", {stage});
    if (!copy) return copy.error();
    if (Status st = LayOutInPhases(sch, *copy, c.dims); !st) return st;
    // [phases..., leading..., rows, columns]: the leading dimensions (batch, channels)
    // outermost and parallel, the phases inside them, a row's columns one vector (read at
    // the stride: the backend gathers it with loads and shuffles).
    std::vector<ir::IterVar> axes = (*copy)->leaf_iter_vars;
    const size_t phases = c.dims.size();
    if (axes.size() < phases + 2) return Error("tune: " + (*copy)->name() + " has no plane");
    std::vector<ir::IterVar> leading(axes.begin() + phases, axes.end() - 2);
    std::vector<ir::IterVar> order = leading;
    order.insert(order.end(), axes.begin(), axes.begin() + phases);
    order.insert(order.end(), axes.end() - 2, axes.end());
    if (Status st = schedule::Reorder(sch, *copy, order); !st) return st;
    // The copy's width: the input's, over the column stride.
    const te::Tensor in = te::output_of(input->op, 0);
    const int64_t* in_width = in.ndim() ? ir::as_const_int(in->shape.back()) : nullptr;
    int64_t column_stride = 1;
    for (const PhasedDim& p : c.dims)
      if (p.dim + 1 == in.ndim()) column_stride = p.stride;
    const int64_t width = in_width ? (*in_width + column_stride - 1) / column_stride : 0;
    if (width > 1)
      if (Status st = schedule::Vectorize(sch, *copy, axes.back()); !st) return st;
    if (leading.empty()) continue;
    auto outer = leading.size() == 1 ? Result<ir::IterVar>(leading.front())
                                     : schedule::Fuse(sch, *copy, leading);
    if (!outer) return outer.error();
    if (Status st = schedule::Parallel(sch, *copy, *outer); !st) return st;
  }
  return Status::Ok();
}

}  // namespace tessera::tune
