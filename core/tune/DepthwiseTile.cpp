#include "tune/DepthwiseTile.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/Primitives.h"
#include "te/Tensor.h"
#include "tune/ChannelTile.h"
#include "tune/KnobNames.h"
#include "tune/ScheduleRule.h"

namespace tessera::tune {

using schedule::Schedule;
using schedule::Stage;

namespace {

using IndexLists = std::vector<std::vector<ir::Expr>>;

// The dimension every load of `loads` indexes with `v` alone (and no other with `v`).
std::optional<size_t> DimOfAlone(const IndexLists& loads, const ir::Var& v) {
  std::optional<size_t> dim;
  for (const std::vector<ir::Expr>& indices : loads) {
    std::optional<size_t> here;
    for (size_t i = 0; i < indices.size(); ++i) {
      if (!ir::UsesVar(indices[i], v)) continue;
      if (here || !indices[i].same_as(v)) return std::nullopt;
      here = i;
    }
    if (!here || (dim && *dim != *here)) return std::nullopt;
    dim = here;
  }
  return dim;
}

// Whether every index of every load other than `dim` uses one of `axes` (a window over
// the output's positions, not a dimension of the reduction alone).
bool WindowsOnly(const IndexLists& loads, size_t dim, const std::vector<ir::IterVar>& axes) {
  for (const std::vector<ir::Expr>& indices : loads)
    for (size_t i = 0; i < indices.size(); ++i) {
      if (i == dim) continue;
      if (std::none_of(axes.begin(), axes.end(),
                       [&](const ir::IterVar& iv) { return ir::UsesVar(indices[i], iv->var); }))
        return false;
    }
  return true;
}

// The placeholder an element-wise stage reads, and its dimension that every load indexes
// with the stage's axis `dim` alone; nothing when it reads anything else.
std::optional<std::pair<std::string, size_t>> ProducerInput(const te::ComputeOpNode& producer,
                                                            size_t dim) {
  if (producer.is_reduction() || producer.num_outputs() != 1 || dim >= producer.axis.size())
    return std::nullopt;
  std::string input;
  IndexLists loads;
  bool other = false;
  te::ForEachTensorLoad(producer.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& ix) {
    if (t.op()->kind() != te::OpKind::Placeholder || (!input.empty() && t.op()->name != input))
      other = true;
    input = t.op()->name;
    loads.push_back(ix);
  });
  if (other || input.empty()) return std::nullopt;
  auto at = DimOfAlone(loads, producer.axis[dim]->var);
  if (!at) return std::nullopt;
  return std::pair{input, *at};
}

}  // namespace

DepthwiseOperand FindDepthwiseOperand(const te::ComputeOpNode& op, const ir::Var& channel,
                                      const std::string& packed) {
  if (op.axis.size() < 2 || !op.is_reduction()) return {};
  const ir::Var column = op.axis.back()->var;
  std::vector<std::string> order;
  std::vector<te::Tensor> tensors;
  std::vector<IndexLists> loads;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    const std::string& name = t.op()->name;
    auto it = std::find(order.begin(), order.end(), name);
    if (it == order.end()) {
      order.push_back(name);
      tensors.push_back(t);
      loads.emplace_back();
      it = order.end() - 1;
    }
    loads[static_cast<size_t>(it - order.begin())].push_back(indices);
  });
  for (size_t k = 0; k < order.size(); ++k) {
    if (order[k] == packed || tensors[k].ndim() < 2) continue;
    const bool with_column =
        std::all_of(loads[k].begin(), loads[k].end(), [&](const std::vector<ir::Expr>& ix) {
          return std::any_of(ix.begin(), ix.end(),
                             [&](const ir::Expr& e) { return ir::UsesVar(e, column); });
        });
    auto dim = DimOfAlone(loads[k], channel);
    if (!with_column || !dim || !WindowsOnly(loads[k], *dim, op.axis)) continue;
    const te::Operation& source = tensors[k].op();
    if (source->kind() == te::OpKind::Placeholder) return {order[k], order[k], *dim};
    auto* producer = dynamic_cast<const te::ComputeOpNode*>(source.get());
    if (!producer) continue;
    if (auto input = ProducerInput(*producer, *dim)) return {order[k], input->first, input->second};
  }
  return {};
}

Status ApplyDepthwiseTile(Schedule& sch, const StageRule& rule, const Decisions& d,
                          const TargetInfo& target) {
  const ChannelAxis& c = rule.channel;
  auto block_split = KnobFactors(d, ChannelSplitKnobName(rule.stage, c.axis));
  if (!block_split) return block_split.error();
  auto column_split = KnobFactors(d, ChannelSplitKnobName(rule.stage, c.column));
  if (!column_split) return column_split.error();
  const int64_t block = block_split->back();
  const int64_t columns = column_split->back();
  const int64_t vectors_outer = KnobChoiceOr(d, ChannelOrderKnobName(rule.stage), 0);
  const bool unroll_window = KnobChoiceOr(d, ChannelWindowKnobName(rule.stage), 0) == 1;
  auto blocked = KnobChoice(d, ChannelBlockedKnobName(rule.stage));
  if (!blocked) return blocked.error();
  if (*blocked != 0 && *blocked != 1)
    return Error("tune: " + ChannelBlockedKnobName(rule.stage) + " = " + std::to_string(*blocked) +
                 " is not a choice (0 or 1)");
  const bool per_block = *blocked == 1;
  Stage stage = sch.find(rule.stage);
  if (!stage) return Error("tune: no stage " + rule.stage);
  // 1. The weights, packed once per call in blocks of `a`.
  if (Status st = PackOperandInBlocks(sch, c, stage, block, target); !st) return st;
  // 2. The input in the same blocks, read where this stage reads it: directly, or in its
  //    element-wise producer, which must be inlined (its guard then runs per pixel here).
  Stage reader = stage;
  if (c.broadcast != c.blocked) {
    reader = sch.find(c.broadcast);
    if (!reader) return Error("tune: no stage " + c.broadcast);
    if (reader->attach_type != schedule::AttachType::Inline)
      return Error("tune: the depthwise tile of " + rule.stage + " reads " + c.blocked +
                   " in blocks through " + c.broadcast + ", which must be inlined (" +
                   InlineKnobName(c.broadcast) + " = 1)");
  }
  Stage input = sch.find(c.blocked);
  if (!input) return Error("tune: no stage " + c.blocked);
  auto copy = CopyInBlocks(sch, input, reader, c.blocked_dim, block, target, !per_block);
  if (!copy) return copy.error();
  // 3. The output's loops: the axes before `a` and its blocks fused and parallel; the
  //    others (rows) fused too, or inside when each block's copy is made in the loop; then
  //    the column tiles of the copy out, `a` in the block, the copy's columns (vectorized).
  auto acc = MakeAccumulator(sch, rule, ChannelEpilogueOwnStage(d, rule));
  if (!acc) return acc.error();
  stage = acc->outer;
  const Stage local = acc->local;
  // The epilogue's arithmetic in a stage of its own, laid out as the accumulator below.
  const Stage epilogue = acc->epilogue;
  // The output's loops: laid out in blocks (blocked outputs, its axes with `a // block`
  // in `a`'s place, then `a % block`), each column's vectors of `a` written whole; otherwise its
  // own axes, `a` split in blocks and the columns in vectors, the copy out transposing.
  const size_t axis_index = SpatialAxisIndex(rule, c.axis);
  auto loops = OutputLoopsOf(sch, stage, rule, axis_index, block, target);
  if (!loops) return loops.error();
  std::vector<ir::IterVar> fused_axes, inner_axes, copy_axes;  // copy_axes: the copy's tail
  ir::IterVar copy_vector;
  if (loops->laid_out()) {
    fused_axes.push_back(loops->block_outer);
    copy_vector = loops->block_inner;
  }
  for (size_t i = 0; i < rule.spatial_axes.size(); ++i) {
    const std::string& name = rule.spatial_axes[i];
    if (loops->laid_out() && i == axis_index) continue;
    const ir::IterVar iv = loops->axes[i];
    if (name == c.column && loops->laid_out()) {
      copy_axes.insert(copy_axes.begin(), iv);
    } else if (name == c.column) {
      const int64_t* extent = iv->dom.extent.defined() ? ir::as_const_int(iv->dom.extent) : nullptr;
      if (!extent) return Error("tune: " + rule.stage + "'s column axis has no constant extent");
      auto parts = schedule::Split(sch, stage, iv, CopyColumns(*extent, target.vector_lanes));
      if (!parts) return parts.error();
      copy_axes.insert(copy_axes.begin(), parts->first);
      copy_vector = parts->second;
    } else if (name == c.axis) {
      auto parts = schedule::Split(sch, stage, iv, block);
      if (!parts) return parts.error();
      fused_axes.push_back(parts->first);
      copy_axes.push_back(parts->second);
    } else {
      (i > axis_index && per_block ? inner_axes : fused_axes).push_back(iv);
    }
  }
  std::vector<ir::IterVar> order = fused_axes;
  order.insert(order.end(), inner_axes.begin(), inner_axes.end());
  order.insert(order.end(), copy_axes.begin(), copy_axes.end());
  if (loops->block_middle) order.push_back(loops->block_middle);
  order.push_back(copy_vector);
  if (Status st = schedule::Reorder(sch, stage, order); !st) return st;
  if (Status st = schedule::Vectorize(sch, stage, copy_vector); !st) return st;
  if (loops->block_middle)
    if (Status st = schedule::Unroll(sch, stage, loops->block_middle); !st) return st;
  auto fused = FuseAll(sch, stage, fused_axes);
  if (!fused) return fused.error();
  if (Status st = schedule::Parallel(sch, stage, *fused); !st) return st;
  // Multiply-adds become FMAs (one rounding; within the oracle's tolerance).
  if (Status st = schedule::Pragma(sch, stage, *fused, "fp_contract"); !st) return st;
  if (per_block && *copy)
    if (Status st = schedule::ComputeAt(sch, *copy, stage, *fused); !st) return st;
  const ir::IterVar row = inner_axes.empty() ? *fused : inner_axes.back();
  if (Status st = schedule::ComputeAt(sch, local, stage, row); !st) return st;
  // 4. The accumulator: `a` innermost; its column tiles, the window, then the tile's
  //    columns and vectors of `a` (in the chosen order), unrolled.
  const ir::IndexMap accumulator_layout =
      InnermostMap(rule.spatial_axes.size(), SpatialAxisIndex(rule, c.axis));
  const int64_t vector = std::min<int64_t>(target.vector_lanes, block);
  if (epilogue)
    if (Status st = LayOutAsAccumulator(sch, epilogue, stage, row, accumulator_layout, vector); !st)
      return st;
  auto axes = schedule::TransformLayout(sch, local, accumulator_layout);
  if (!axes) return axes.error();
  auto lanes = schedule::Split(sch, local, axes->back(), vector);
  if (!lanes) return lanes.error();
  auto tiles = schedule::Split(sch, local, (*axes)[axes->size() - 2], columns);
  if (!tiles) return tiles.error();
  std::vector<ir::IterVar> local_order(axes->begin(), axes->end() - 2);
  local_order.push_back(tiles->first);
  std::vector<ir::IterVar> window;
  for (const std::string& name : rule.reduce_axes) {
    auto iv = local->find_iter_var(name);
    if (!iv) return iv.error();
    window.push_back(*iv);
  }
  local_order.insert(local_order.end(), window.begin(), window.end());
  if (vectors_outer == 0)
    local_order.insert(local_order.end(), {tiles->second, lanes->first, lanes->second});
  else
    local_order.insert(local_order.end(), {lanes->first, tiles->second, lanes->second});
  if (Status st = schedule::Reorder(sch, local, local_order); !st) return st;
  if (unroll_window)
    for (const ir::IterVar& iv : window)
      if (Status st = schedule::Unroll(sch, local, iv); !st) return st;
  if (Status st = schedule::Unroll(sch, local, tiles->second); !st) return st;
  if (Status st = schedule::Unroll(sch, local, lanes->first); !st) return st;
  return schedule::Vectorize(sch, local, lanes->second);
}

}  // namespace tessera::tune
