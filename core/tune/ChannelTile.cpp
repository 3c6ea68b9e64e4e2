#include "tune/ChannelTile.h"

#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/Graph.h"
#include "schedule/Primitives.h"
#include "tune/DepthwiseTile.h"
#include "tune/KnobNames.h"
#include "tune/ScheduleRule.h"

namespace tessera::tune {

using schedule::Schedule;
using schedule::Stage;

namespace {

// The most reduction steps after the first axis the window knob unrolls (5 x 5): one step
// of the first axis is then window x tile FMAs of straight code (25 x 16 = 400 on AVX-512).
constexpr int64_t kMaxUnrolledWindow = 25;

// The vector registers one reduction step keeps live besides the accumulators: with the
// columns outer, the `vectors` operand vectors and one broadcast; with the vectors outer,
// one operand vector and a broadcast per column. Depthwise, a vector of the input replaces
// each broadcast and is used once: with the vectors outer, one weight vector and one input.
int64_t ChannelOperands(bool depthwise, int64_t vectors, int64_t columns, int64_t order) {
  if (depthwise) return order == 0 ? vectors + 1 : 2;
  return order == 0 ? vectors + 1 : columns + 1;
}

struct Load {
  te::Tensor tensor;
  std::vector<ir::Expr> indices;
};

std::vector<Load> Loads(const te::ComputeOpNode& op) {
  std::vector<Load> out;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    out.push_back({t, indices});
  });
  return out;
}

bool UsesAny(const std::vector<ir::Expr>& indices, const ir::Var& v) {
  return std::any_of(indices.begin(), indices.end(),
                     [&](const ir::Expr& e) { return ir::UsesVar(e, v); });
}

// The reduction chunks the rule offers besides 0 (no chunks): the divisors of the first
// reduction axis from 4 to 32 that leave at least two chunks.
std::vector<int64_t> ChunkChoices(const ChannelAxis& c) {
  std::vector<int64_t> out;
  for (int64_t k = 4; k <= std::min<int64_t>(32, c.chunk_extent / 2); ++k)
    if (c.chunk_extent % k == 0) out.push_back(k);
  return out;
}

// Whether the packed operand's block of `t` channels over the whole reduction (every
// input channel and window tap) fits the 16 KiB of L1 the chunks are sized for: chunks
// then keep nothing in L1 that the whole reduction would not.
bool WholeReductionFitsL1(const ChannelAxis& c, int64_t t) {
  return t * c.chunk_extent * c.window * 4 <= 16 * 1024;
}

// Whether the rule offers the producer knob: a computed broadcast tensor and chunks.
bool HasProducerKnob(const ChannelAxis& c) {
  return c.broadcast_computed && !ChunkChoices(c).empty();
}

// Whether the rule offers the window knob: reduction axes after the first, few steps.
bool HasWindowKnob(const ChannelAxis& c) { return c.window > 1 && c.window <= kMaxUnrolledWindow; }

// Whether the rule offers the pack knob: the broadcast operand is an input read as it is
// (a 1x1 convolution's NCHW data, a GEMM's row operand) and the reduction can be chunked.
bool HasPackKnob(const ChannelAxis& c) { return !c.broadcast_computed && !ChunkChoices(c).empty(); }

// Whether the pack knob offers the copy in phases (2): that input read at a column stride.
bool HasStridedPack(const ChannelAxis& c) { return HasPackKnob(c) && c.column_stride.strided(); }

// Whether a register tile of `accumulators` fits the vector registers beside its operands.
// Without a window (a 1x1 convolution, a GEMM: one reduction axis) each step is one
// broadcast per column and one load per vector, the GEMM micro-kernel's register budget:
// the accumulators and the operands fill the file (AVX-512 2 x 14 = 28 + 3). With a window
// the accumulators keep to 3/4 of it (the unrolled taps need registers of their own).
bool TileFitsRegisters(const ChannelAxis& c, int64_t vectors, int64_t columns, int64_t order,
                       int64_t registers) {
  const int64_t accumulators = vectors * columns;
  if (c.window > 1 && 4 * accumulators > 3 * registers) return false;
  return accumulators + ChannelOperands(c.depthwise, vectors, columns, order) <= registers;
}

ir::IndexMap MakeMap(std::vector<ir::Var> in, std::vector<ir::Expr> out) {
  return std::make_shared<const ir::IndexMapNode>(ir::IndexMapNode{std::move(in), std::move(out)});
}

// [d0, ..., dk] -> [d_j // block, d0, ..., (no d_j), ..., dk, d_j % block]
ir::IndexMap PackedMap(size_t rank, size_t j, int64_t block) {
  std::vector<ir::Var> vars;
  for (size_t i = 0; i < rank; ++i) vars.emplace_back("d" + std::to_string(i));
  std::vector<ir::Expr> out{ir::floordiv(vars[j], ir::Expr(block))};
  for (size_t i = 0; i < rank; ++i)
    if (i != j) out.push_back(vars[i]);
  out.push_back(ir::floormod(vars[j], ir::Expr(block)));
  return MakeMap(vars, out);
}

// [d0, ..., dk] -> [d0, ..., d_j // block, ..., dk, d_j % block]: the layout an argument is
// handed in (oneDNN's nChw8c for NCHW's channels, Goihw8g for a depthwise kernel's).
ir::IndexMap HandedMap(size_t rank, size_t j, int64_t block) {
  std::vector<ir::Var> vars;
  for (size_t i = 0; i < rank; ++i) vars.emplace_back("d" + std::to_string(i));
  std::vector<ir::Expr> out(vars.begin(), vars.end());
  out[j] = ir::floordiv(vars[j], ir::Expr(block));
  out.push_back(ir::floormod(vars[j], ir::Expr(block)));
  return MakeMap(vars, out);
}

}  // namespace

ir::IndexMap InnermostMap(size_t rank, size_t j) {
  std::vector<ir::Var> vars;
  for (size_t i = 0; i < rank; ++i) vars.emplace_back("d" + std::to_string(i));
  std::vector<ir::Expr> out;
  for (size_t i = 0; i < rank; ++i)
    if (i != j) out.push_back(vars[i]);
  out.push_back(vars[j]);
  return MakeMap(vars, out);
}

// The columns the output's copy out of a row-wide accumulator writes at a time (one
// vector of that many lanes per channel): a power of two when one of at least half a
// vector divides the row — the copy is then a register transpose of whole power-of-two
// tiles whose stores are aligned vectors (AVX-512 conv2d 3x3, 56 columns: 8 at a time,
// about 50 cycles per 8 x 32 tile, against 14 at a time, transposed as 16 x 32 with two
// empty rows and stored in three pieces, about 280 — llvm-mca, sapphirerapids) — else the
// widest divisor up to a vector (a 28-column row with 16 lanes: 14, not 4).
int64_t CopyColumns(int64_t extent, int64_t lanes) {
  int64_t power = 1;
  while (power * 2 <= lanes && extent % (power * 2) == 0) power *= 2;
  return 2 * power >= lanes ? power : LargestDivisorAtMost(extent, lanes);
}

namespace {

// The packing loop nest [d_j // block, the other axes..., d_j % block] as tiles of L
// channels x L consecutive elements of one channel (the other axes fused, split by L;
// the channels split by L, vectorized): each tile reads L rows of the operand and writes
// L vectors of L channels, which the LLVM lowering does as L row loads and a register
// transpose (CodeGenLLVMTranspose.cpp); left as it is, the innermost loop over a block's
// channels reads one element per channel, I*H*W apart (a gather per vector). L: the
// vector's lanes or the block, whichever is
// smaller, when it is a power of two dividing both the block and the fused extent
// `middle` (the product of the operand's other dimensions).
Status PackAsTransposes(Schedule& sch, Stage packed, const std::vector<ir::IterVar>& axes,
                        int64_t block, int64_t middle, int64_t lanes) {
  const int64_t width = std::min(block, lanes);
  if (axes.size() < 3 || width < 2 || (width & (width - 1)) != 0 || block % width != 0) return {};
  if (middle <= 0 || middle % width != 0) return {};
  std::vector<ir::IterVar> middle_axes(axes.begin() + 1, axes.end() - 1);
  auto run = middle_axes.size() == 1 ? Result<ir::IterVar>(middle_axes.front())
                                     : schedule::Fuse(sch, packed, middle_axes);
  if (!run) return run.error();
  auto elements = schedule::Split(sch, packed, *run, width);
  if (!elements) return elements.error();
  auto channels = schedule::Split(sch, packed, axes.back(), width);
  if (!channels) return channels.error();
  if (Status st = schedule::Reorder(
          sch, packed,
          {axes.front(), elements->first, channels->first, elements->second, channels->second});
      !st)
    return st;
  return schedule::Vectorize(sch, packed, channels->second);
}

}  // namespace

Status PackInBlocks(Schedule& sch, const Stage& copy, size_t dim, int64_t block,
                    const TargetInfo& target, bool parallel) {
  const te::Tensor source = te::output_of(copy->op, 0);
  const size_t rank = source.ndim();
  if (dim >= rank)
    return Error("tune: " + copy->name() + " has no dimension " + std::to_string(dim));
  auto packed_axes = schedule::TransformLayout(sch, copy, PackedMap(rank, dim, block));
  if (!packed_axes) return packed_axes.error();
  if (parallel)
    if (Status st = schedule::Parallel(sch, copy, packed_axes->front()); !st) return st;
  int64_t middle = 1;
  const std::vector<ir::Expr>& shape = source->shape;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t* extent = ir::as_const_int(shape[i]);
    if (i != dim) middle = extent ? middle * *extent : 0;
  }
  return PackAsTransposes(sch, copy, *packed_axes, block, middle, target.vector_lanes);
}

Result<Stage> CopyInBlocks(Schedule& sch, const Stage& operand, const Stage& reader, size_t dim,
                           int64_t block, const TargetInfo& target, bool parallel) {
  const int64_t handed = HandedBlock(target.blocked, block);
  if (target.blocked.inputs && handed > 0 && operand->op->kind() == te::OpKind::Placeholder) {
    const size_t rank = te::output_of(operand->op, 0).ndim();
    if (dim >= rank)
      return Error("tune: " + operand->name() + " has no dimension " + std::to_string(dim));
    auto axes = schedule::TransformLayout(sch, operand, HandedMap(rank, dim, handed));
    if (!axes) return axes.error();
    return Stage();
  }
  auto copy = schedule::CacheRead(sch, operand, "global", {reader});
  if (!copy) return copy.error();
  if (Status st = PackInBlocks(sch, *copy, dim, block, target, parallel); !st) return st.error();
  return *copy;
}

Result<std::optional<std::vector<ir::IterVar>>> LayOutOutputInBlocks(Schedule& sch,
                                                                     const Stage& outer, size_t dim,
                                                                     int64_t block,
                                                                     const TargetInfo& target) {
  using Axes = std::optional<std::vector<ir::IterVar>>;
  if (!target.blocked.outputs || !outer->is_output) return Axes();
  const te::Tensor output = te::output_of(outer->op, 0);
  if (dim >= output.ndim())
    return Error("tune: " + outer->name() + " has no dimension " + std::to_string(dim));
  const int64_t* extent = ir::as_const_int(output->shape[dim]);
  const int64_t handed = HandedBlock(target.blocked, block);
  if (!extent || handed <= 0 || *extent % block != 0) return Axes();
  auto axes = schedule::TransformLayout(sch, outer, HandedMap(output.ndim(), dim, handed));
  if (!axes) return axes.error();
  return Axes(std::move(*axes));
}

Result<TileOutputLoops> OutputLoopsOf(Schedule& sch, const Stage& outer, const StageRule& rule,
                                      size_t axis_index, int64_t block, const TargetInfo& target) {
  auto blocked = LayOutOutputInBlocks(sch, outer, axis_index, block, target);
  if (!blocked) return blocked.error();
  TileOutputLoops loops;
  loops.axes.resize(rule.spatial_axes.size());
  if (*blocked) {
    // The axes in order, `axis // block` in `axis`'s place, then `axis % block`.
    const std::vector<ir::IterVar>& laid_out = **blocked;
    loops.block_outer = laid_out[axis_index];
    loops.block_inner = laid_out.back();
    for (size_t i = 0; i < loops.axes.size(); ++i)
      if (i != axis_index) loops.axes[i] = laid_out[i];
    if (const int64_t handed = HandedBlock(target.blocked, block); handed < block) {
      auto tiles = schedule::Split(sch, outer, loops.block_outer, block / handed);
      if (!tiles) return tiles.error();
      loops.block_outer = tiles->first;
      loops.block_middle = tiles->second;
    }
    return loops;
  }
  for (size_t i = 0; i < loops.axes.size(); ++i) {
    auto found = outer->find_iter_var(OuterAxisName(rule, rule.spatial_axes[i]));
    if (!found) return found.error();
    loops.axes[i] = *found;
  }
  return loops;
}

Status PackOperandInBlocks(Schedule& sch, const ChannelAxis& c, const Stage& reader, int64_t block,
                           const TargetInfo& target) {
  Stage operand = sch.find(c.packed);
  if (!operand) return Error("tune: no stage " + c.packed);
  auto copy = CopyInBlocks(sch, operand, reader, c.packed_dim, block, target);
  if (!copy) return copy.error();
  return Status::Ok();
}

namespace {

// The rule at axis `a` of `op` (see FindChannelAxis), ordinary or `depthwise`.
ChannelAxis ChannelAxisAt(const te::ComputeOpNode& op, const std::vector<std::string>& packable,
                          size_t a, bool depthwise) {
  const ir::Var column = op.axis.back()->var;
  const std::vector<Load> loads = Loads(op);
  const ir::Var v = op.axis[a]->var;
  ChannelAxis c;
  for (const Load& l : loads) {
    const std::string& name = l.tensor.op()->name;
    if (std::find(packable.begin(), packable.end(), name) == packable.end() ||
        UsesAny(l.indices, column))
      continue;
    int uses = 0, at = -1;
    for (size_t i = 0; i < l.indices.size(); ++i)
      if (ir::UsesVar(l.indices[i], v)) {
        ++uses;
        at = l.indices[i].same_as(v) ? static_cast<int>(i) : -1;
      }
    if (uses == 1 && at >= 0) {
      c.packed = name;
      c.packed_dim = static_cast<size_t>(at);
      break;
    }
  }
  if (c.packed.empty()) return {};
  if (depthwise) {
    const DepthwiseOperand operand = FindDepthwiseOperand(op, v, c.packed);
    if (!operand.defined()) return {};
    c.depthwise = true;
    c.broadcast = operand.read;
    c.blocked = operand.input;
    c.blocked_dim = operand.dim;
  } else {
    for (const Load& l : loads)
      if (l.tensor.op()->name != c.packed && !UsesAny(l.indices, v) && UsesAny(l.indices, column)) {
        c.broadcast = l.tensor.op()->name;
        break;
      }
    if (c.broadcast.empty()) return {};
    for (const Load& l : loads) {
      if (l.tensor.op()->name != c.broadcast) continue;
      c.broadcast_computed = l.tensor.op()->kind() == te::OpKind::Compute;
      std::vector<std::pair<int, size_t>> ranked;  // (class, dimension)
      for (size_t i = 0; i < l.indices.size(); ++i) {
        int rank = 1;
        if (ir::UsesVar(l.indices[i], column))
          rank = 2;
        else
          for (size_t s = 0; s + 1 < op.axis.size(); ++s)
            if (ir::UsesVar(l.indices[i], op.axis[s]->var)) rank = 0;
        ranked.emplace_back(rank, i);
      }
      std::stable_sort(ranked.begin(), ranked.end(),
                       [](const auto& x, const auto& y) { return x.first < y.first; });
      for (const auto& r : ranked) c.broadcast_layout.push_back(r.second);
      break;
    }
    std::vector<std::vector<ir::Expr>> reads;
    for (const Load& l : loads)
      if (l.tensor.op()->name == c.broadcast) reads.push_back(l.indices);
    c.column_stride = FindColumnStride(reads, column, op.reduce_axis);
  }
  c.axis = v.name();
  c.column = column.name();
  for (size_t r = 0; r < op.reduce_axis.size(); ++r) {
    const ir::Expr& e = op.reduce_axis[r]->dom.extent;
    const int64_t* extent = e.defined() ? ir::as_const_int(e) : nullptr;
    if (!extent) return {};  // the generated space has constant extents only
    // Depthwise, every reduction axis is the window's (no chunks).
    if (r == 0 && !depthwise)
      c.chunk_extent = *extent;
    else
      c.window *= *extent;
  }
  return c;
}

// DepthwiseTile.h's seeds: one and two vectors of `a` with the most columns the window's
// register budget leaves (AVX2, 28 columns: 1 x 7 and 2 x 4), the vectors outer (one weight
// vector live), the window unrolled, the input packed per block (read from L2 where it was
// written) and then at the root.
void AddDepthwiseSeeds(const StageRule& rule, const Decisions& base, int64_t axis_extent,
                       int64_t column_extent, const TargetInfo& target,
                       std::vector<Decisions>* out) {
  const ChannelAxis& c = rule.channel;
  const int64_t registers = target.vector_registers;
  for (int64_t vectors : {1, 2}) {
    const int64_t t = vectors * target.vector_lanes;
    if (axis_extent % t != 0) continue;
    int64_t best = 0;
    for (int64_t x = 1; x <= std::min(column_extent, registers / 2); ++x) {
      if (column_extent % x != 0 && 8 * x > column_extent) continue;
      if (TileFitsRegisters(c, vectors, x, 1, registers)) best = x;
    }
    if (best == 0) continue;
    for (int64_t blocked : {1, 0}) {
      Decisions d = base;
      d.values[ChannelKnobName(rule.stage)] = {1};
      d.values[ChannelSplitKnobName(rule.stage, c.axis)] = {axis_extent / t, t};
      d.values[ChannelSplitKnobName(rule.stage, c.column)] = {(column_extent + best - 1) / best,
                                                              best};
      d.values[ChannelOrderKnobName(rule.stage)] = {1};
      if (HasWindowKnob(c)) d.values[ChannelWindowKnobName(rule.stage)] = {1};
      d.values[ChannelBlockedKnobName(rule.stage)] = {blocked};
      // The epilogue in the output's loops: its own stage was measured on dense layers only.
      if (!rule.epilogue.output.empty()) d.values[ChannelEpilogueKnobName(rule.stage)] = {0};
      if (auto inl = d.values.find(InlineKnobName(c.broadcast)); inl != d.values.end())
        inl->second = {1};
      out->push_back(std::move(d));
    }
  }
}

}  // namespace

ChannelAxis FindChannelAxis(const te::ComputeOpNode& op, const std::vector<std::string>& packable,
                            const std::vector<int64_t>& extents, int lanes) {
  if (op.axis.size() < 2 || !op.is_reduction()) return {};
  // An axis with a broadcast operand first (a batched matmul's rows, not its batch).
  for (bool depthwise : {false, true})
    for (size_t a = 0; a + 1 < op.axis.size(); ++a) {
      if (extents[a] < lanes || extents[a] % lanes != 0) continue;
      ChannelAxis c = ChannelAxisAt(op, packable, a, depthwise);
      if (c.defined()) return c;
    }
  return {};
}

std::vector<Knob> ChannelKnobs(const std::string& stage, const ChannelAxis& c, int64_t axis_extent,
                               int64_t column_extent, bool epilogue, const TargetInfo& target) {
  Knob on;
  on.name = ChannelKnobName(stage);
  on.choices = {0, 1};  // 0 first: the base point (and every earlier seed) keeps the ordinary rule
  Knob a;
  a.name = ChannelSplitKnobName(stage, c.axis);
  a.kind = Knob::Kind::Split;
  a.extent = axis_extent;
  a.parts = 2;
  a.innermost_multiple = target.vector_lanes;
  a.innermost_max = 4 * target.vector_lanes;
  Knob col;
  col.name = ChannelSplitKnobName(stage, c.column);
  col.kind = Knob::Kind::Split;
  col.extent = column_extent;
  col.parts = 2;
  col.innermost_max = target.vector_registers / 2;
  col.ragged_innermost = true;
  Knob order;
  order.name = ChannelOrderKnobName(stage);
  order.choices = {0, 1};
  if (c.depthwise) {
    std::vector<Knob> knobs = {on, a, col, order};
    if (HasWindowKnob(c)) knobs.push_back(MakeChoiceKnob(ChannelWindowKnobName(stage), {0, 1}));
    knobs.push_back(MakeChoiceKnob(ChannelBlockedKnobName(stage), {0, 1}));
    if (epilogue) knobs.push_back(MakeChoiceKnob(ChannelEpilogueKnobName(stage), {0, 1}));
    return knobs;
  }
  Knob chunk;
  chunk.name = ChannelChunkKnobName(stage);
  chunk.choices = {0};
  for (int64_t k : ChunkChoices(c)) chunk.choices.push_back(k);
  Knob rows;
  rows.name = ChannelRowsKnobName(stage);
  rows.choices = {0, 1};
  std::vector<Knob> knobs = {on, a, col, order, chunk, rows};
  if (HasProducerKnob(c)) {
    Knob producer;
    producer.name = ChannelProducerKnobName(stage);
    producer.choices = {0, 1};
    knobs.push_back(producer);
  }
  if (HasWindowKnob(c)) {
    Knob window;
    window.name = ChannelWindowKnobName(stage);
    window.choices = {0, 1};
    knobs.push_back(window);
  }
  if (HasPackKnob(c)) {
    Knob pack;
    pack.name = ChannelPackKnobName(stage);
    pack.choices = {0, 1};
    if (HasStridedPack(c)) pack.choices.push_back(2);
    knobs.push_back(pack);
  }
  if (epilogue) knobs.push_back(MakeChoiceKnob(ChannelEpilogueKnobName(stage), {0, 1}));
  return knobs;
}

bool ChannelTileOn(const Decisions& d, const StageRule& rule) {
  if (!rule.channel.defined()) return false;
  auto it = d.values.find(ChannelKnobName(rule.stage));
  return it != d.values.end() && !it->second.empty() && it->second[0] == 1;
}

bool ChannelEpilogueOwnStage(const Decisions& d, const StageRule& rule) {
  return ChannelTileOn(d, rule) && !rule.epilogue.output.empty() &&
         KnobChoiceOr(d, ChannelEpilogueKnobName(rule.stage), 0) == 1;
}

bool ChannelProducerAtChunk(const Schedule& sch, const Decisions& d, const StageRule& rule) {
  if (!ChannelTileOn(d, rule) || !HasProducerKnob(rule.channel) ||
      KnobChoiceOr(d, ChannelChunkKnobName(rule.stage), 0) <= 0 ||
      KnobChoiceOr(d, ChannelProducerKnobName(rule.stage), 0) != 1)
    return false;
  // Another reader would need the whole tensor: it stays at the root.
  const Stage producer = sch.find(rule.channel.broadcast);
  return producer && schedule::ConsumerStages(sch, producer).size() == 1;
}

bool ChannelTileFits(const Decisions& d, const StageRule& rule, const std::vector<int64_t>& extents,
                     const TargetInfo& target) {
  auto a_split = KnobFactors(d, ChannelSplitKnobName(rule.stage, rule.channel.axis));
  auto col_split = KnobFactors(d, ChannelSplitKnobName(rule.stage, rule.channel.column));
  if (!a_split || !col_split) return false;
  const std::vector<int64_t>& a = *a_split;
  const std::vector<int64_t>& col = *col_split;
  if (a.back() % target.vector_lanes != 0) return false;
  const int64_t vectors = a.back() / target.vector_lanes;
  const int64_t order = KnobChoiceOr(d, ChannelOrderKnobName(rule.stage), 0);
  if (!TileFitsRegisters(rule.channel, vectors, col.back(), order, target.vector_registers))
    return false;
  // The packed broadcast operand is a chunk's copy: no chunks, nothing to pack.
  if (HasPackKnob(rule.channel) && KnobChoiceOr(d, ChannelPackKnobName(rule.stage), 0) >= 1 &&
      KnobChoiceOr(d, ChannelChunkKnobName(rule.stage), 0) <= 0)
    return false;
  // Depthwise, the input's producer is inlined (its guard per pixel, DepthwiseTile.h).
  const ChannelAxis& c = rule.channel;
  if (c.depthwise && c.broadcast != c.blocked &&
      KnobChoiceOr(d, InlineKnobName(c.broadcast), 0) != 1)
    return false;
  // The parallel loop: the blocks of `a` times the other non-column axes (depthwise with
  // the input packed per block: those before `a` only).
  const bool rows_inside =
      c.depthwise && KnobChoiceOr(d, ChannelBlockedKnobName(rule.stage), 0) == 1;
  int64_t outer = 1, total = 1;
  bool after_axis = false;
  for (size_t i = 0; i + 1 < extents.size(); ++i) {
    const bool is_axis = rule.spatial_axes[i] == c.axis;
    if (is_axis)
      outer *= a.front();
    else if (!(after_axis && rows_inside))
      outer *= extents[i];
    after_axis = after_axis || is_axis;
    total *= extents[i];
  }
  return outer >= std::min<int64_t>(target.cores, total);
}

void AddChannelSeeds(const StageRule& rule, const Decisions& base,
                     const std::vector<int64_t>& extents, const TargetInfo& target,
                     std::vector<Decisions>* out) {
  if (!rule.channel.defined()) return;
  const int64_t lanes = target.vector_lanes;
  const int64_t registers = target.vector_registers;
  const int64_t axis_extent = extents[SpatialAxisIndex(rule, rule.channel.axis)];
  const int64_t column_extent = extents.back();
  if (rule.channel.depthwise) {
    AddDepthwiseSeeds(rule, base, axis_extent, column_extent, target, out);
    return;
  }
  const int64_t cover = AccumulatorsCoveringFma(target);
  struct Seed {
    Decisions d;
    int64_t accumulators;
  };
  std::vector<Seed> seeds;
  auto seed = [&](int64_t t, int64_t x, int64_t order, int64_t chunk, int64_t producer,
                  int64_t rows, int64_t window = 0, bool inline_producer = true, int64_t pack = 0) {
    Decisions d = base;
    d.values[ChannelKnobName(rule.stage)] = {1};
    d.values[ChannelSplitKnobName(rule.stage, rule.channel.axis)] = {axis_extent / t, t};
    d.values[ChannelSplitKnobName(rule.stage, rule.channel.column)] = {(column_extent + x - 1) / x,
                                                                       x};
    d.values[ChannelOrderKnobName(rule.stage)] = {order};
    d.values[ChannelChunkKnobName(rule.stage)] = {chunk};
    d.values[ChannelRowsKnobName(rule.stage)] = {rows};
    if (HasProducerKnob(rule.channel)) d.values[ChannelProducerKnobName(rule.stage)] = {producer};
    if (HasWindowKnob(rule.channel)) d.values[ChannelWindowKnobName(rule.stage)] = {window};
    if (HasPackKnob(rule.channel)) d.values[ChannelPackKnobName(rule.stage)] = {pack};
    if (!rule.epilogue.output.empty()) d.values[ChannelEpilogueKnobName(rule.stage)] = {1};
    // The broadcast operand's element-wise producer (conv2d's padding) inlined: the
    // lowering cuts the column tiles where its guard holds and tests a row's window once
    // (LoopPartition), so interior tiles read the input without guard or copy; or a
    // stage of its own (`producer`: at the chunk loop).
    auto inl = d.values.find(InlineKnobName(rule.channel.broadcast));
    if (inl != d.values.end()) inl->second = {inline_producer ? 1 : 0};
    seeds.push_back({std::move(d), t / lanes * x});
  };
  for (int64_t vectors : {2, 1, 4}) {
    const int64_t t = vectors * lanes;
    if (axis_extent % t != 0) continue;
    const int64_t x = LargestDivisorAtMost(column_extent, registers / 2 / vectors);
    seed(t, x, 0, 0, 0, 0);
    // The same tile with each core on a band of rows for every block of `a`.
    seed(t, x, 0, 0, 0, 1);
  }
  // The densest tiles: as many accumulators as fit beside their operands (the columns
  // ragged when the peeled tile is a small part), the operand loop with fewer live values
  // outside, the reduction chunked so that a chunk of the packed operand's block fits
  // 16 KiB of L1 (AVX2 conv2d 3x3: 4 x 3, vectors outer, chunks of 8 input channels).
  // Three vectors where they divide `a`: their densest tile may divide a row the others
  // leave ragged (AVX2, 28 columns: 3 x 4 where 4 vectors take 4 x 3 = 3 x 9 + 1).
  for (int64_t vectors : {4, 3, 2}) {
    const int64_t t = vectors * lanes;
    if (axis_extent % t != 0) continue;
    int64_t best = 0, best_order = 0;
    for (int64_t x = 1; x <= std::min(column_extent, registers / 2); ++x) {
      if (column_extent % x != 0 && 8 * x > column_extent) continue;
      const int64_t order = x <= vectors ? 1 : 0;
      if (TileFitsRegisters(rule.channel, vectors, x, order, registers)) {
        best = x;
        best_order = order;
      }
    }
    // Too few accumulators to cover the FMA latency (a row of 14 columns on AVX2: 4 x 2):
    // the fewest columns that cover it, the last tile ragged (4 x 3: 3 + 3 + 3 + 3 + 2).
    if (best > 0 && vectors * best < cover)
      for (int64_t x = best + 1; x <= std::min(column_extent, registers / 2); ++x) {
        const int64_t order = x <= vectors ? 1 : 0;
        if (vectors * x >= cover && TileFitsRegisters(rule.channel, vectors, x, order, registers)) {
          best = x;
          best_order = order;
          break;
        }
      }
    if (best == 0) continue;
    int64_t chunk = 0;
    for (int64_t k : ChunkChoices(rule.channel))
      if (t * k * rule.channel.window * 4 <= 16 * 1024) chunk = k;
    // The whole reduction's block fits as well (a pointwise convolution of few input
    // channels): first without chunks — the accumulators then stay in registers over the
    // whole reduction, with no row-wide accumulator stored, reloaded and copied out per
    // chunk —, then chunked as below. So too with an epilogue, which chunked reads that
    // row-wide accumulator back from L2 once more (a dense layer's 16 x 3072 on AVX2,
    // 192 KiB) and unchunked a register tile's worth from L1.
    if (chunk > 0 && (WholeReductionFitsL1(rule.channel, t) || !rule.epilogue.output.empty())) {
      seed(t, best, best_order, 0, 0, 0);
      if (HasWindowKnob(rule.channel)) seed(t, best, best_order, 0, 0, 0, 1);
    }
    seed(t, best, best_order, chunk, 0, 0);
    if (HasWindowKnob(rule.channel)) seed(t, best, best_order, chunk, 0, 0, 1);
    // The GEMM's packed panel: the chunk's rows of the broadcast input copied contiguous
    // (a 1x1 convolution's NCHW data is one row of the output per 12.5 KB-strided channel
    // plane: the copy is chunk x row, read at unit stride from L1).
    if (HasPackKnob(rule.channel) && chunk > 0) seed(t, best, best_order, chunk, 0, 0, 0, true, 1);
    // Read at a column stride: the copy holds only the columns read, in phases.
    if (HasStridedPack(rule.channel) && chunk > 0)
      seed(t, best, best_order, chunk, 0, 0, 0, true, 2);
    // With the producer a stage computed per chunk (AVX2 conv2d: 5 % slower than inlined
    // on one thread, within noise on two).
    seed(t, best, best_order, chunk, chunk > 0 ? 1 : 0, 0, 0, false);
  }
  // The tiles whose accumulators cover the FMA latency first, each group in the order
  // above: the search measures the seeds in order and, with a short budget on a busy
  // machine, may measure few beyond them, and a tile with no more chains than latency x
  // pipes is bound by the FMA latency however the rest of its schedule is chosen.
  std::stable_partition(seeds.begin(), seeds.end(),
                        [&](const Seed& s) { return s.accumulators >= cover; });
  for (Seed& s : seeds) out->push_back(std::move(s.d));
}

Status LayOutBroadcastProducer(Schedule& sch, const Stage& producer, const ChannelAxis& c,
                               const TargetInfo& target) {
  const std::vector<size_t>& order = c.broadcast_layout;
  // (A producer two such stages read keeps the first one's order.)
  if (!producer || producer->is_placeholder() || producer->layout || order.empty() ||
      std::is_sorted(order.begin(), order.end()))
    return Status::Ok();
  const te::Tensor out = te::output_of(producer->op, 0);
  if (order.size() != out.ndim())
    return Error("tune: " + producer->name() + " is read with " + std::to_string(order.size()) +
                 " indices");
  std::vector<ir::Var> vars;
  for (size_t i = 0; i < order.size(); ++i) vars.emplace_back("d" + std::to_string(i));
  std::vector<ir::Expr> indices;
  for (size_t i : order) indices.push_back(vars[i]);
  auto axes = schedule::TransformLayout(sch, producer, MakeMap(vars, indices));
  if (!axes) return axes.error();
  // The new innermost loop (the columns) vectorized here: its loop has no range until
  // bounds are inferred, so ApplyChannelTile could not tell its extent.
  const int64_t* extent = ir::as_const_int(out->shape[order.back()]);
  if (extent && *extent >= target.vector_lanes && axes->size() > 1)
    return schedule::Vectorize(sch, producer, axes->back());
  return Status::Ok();
}

Status ApplyChannelTile(Schedule& sch, const StageRule& rule, const Decisions& d,
                        const TargetInfo& target) {
  const ChannelAxis& c = rule.channel;
  if (c.depthwise) return ApplyDepthwiseTile(sch, rule, d, target);
  auto block_split = KnobFactors(d, ChannelSplitKnobName(rule.stage, c.axis));
  if (!block_split) return block_split.error();
  auto column_split = KnobFactors(d, ChannelSplitKnobName(rule.stage, c.column));
  if (!column_split) return column_split.error();
  const int64_t block = block_split->back();
  const int64_t columns = column_split->back();
  const int64_t vectors_outer = KnobChoiceOr(d, ChannelOrderKnobName(rule.stage), 0);
  const int64_t chunk = KnobChoiceOr(d, ChannelChunkKnobName(rule.stage), 0);
  const int64_t rows_outer = KnobChoiceOr(d, ChannelRowsKnobName(rule.stage), 0);
  const bool unroll_window =
      HasWindowKnob(c) && KnobChoiceOr(d, ChannelWindowKnobName(rule.stage), 0) == 1;
  if (chunk > 0 && (rule.reduce_axes.empty() || c.chunk_extent % chunk != 0))
    return Error("tune: reduction chunk " + std::to_string(chunk) + " does not divide " +
                 std::to_string(c.chunk_extent));
  const int64_t pack = HasPackKnob(c) ? KnobChoiceOr(d, ChannelPackKnobName(rule.stage), 0) : 0;
  if (pack < 0 || pack > 2)
    return Error("tune: " + ChannelPackKnobName(rule.stage) + " = " + std::to_string(pack) +
                 " is not a choice (0, 1 or 2)");
  const bool pack_broadcast = pack >= 1;
  if (pack_broadcast && chunk <= 0)
    return Error("tune: " + ChannelPackKnobName(rule.stage) + " = " + std::to_string(pack) +
                 " copies a reduction chunk of " + c.broadcast + ", but " +
                 ChannelChunkKnobName(rule.stage) + " is 0 (no chunks)");
  if (pack == 2 && !c.column_stride.strided())
    return Error("tune: " + ChannelPackKnobName(rule.stage) + " = 2 copies " + c.broadcast +
                 " in phases of its column stride, but " + rule.stage + " reads it at stride 1");
  Stage stage = sch.find(rule.stage);
  if (!stage) return Error("tune: no stage " + rule.stage);
  // 1. The operand that moves with `a`, packed once per call in blocks of `a`.
  if (Status st = PackOperandInBlocks(sch, c, stage, block, target); !st) return st;
  // The broadcast operand's producer not inlined (conv2d's padding): its innermost loop
  // vectorized, so that a guard in it becomes masked loads instead of a branch per
  // element (it is scheduled before this stage: inline rules apply first); attached
  // at the chunk loop below when `d` says so.
  Stage producer = sch.find(c.broadcast);
  const bool producer_at_chunk = ChannelProducerAtChunk(sch, d, rule) &&
                                 producer->attach_type == schedule::AttachType::GroupRoot;
  if (producer && !producer->is_placeholder() && !producer->layout &&
      producer->attach_type == schedule::AttachType::GroupRoot &&
      !producer->leaf_iter_vars.empty()) {
    const ir::IterVar inner = producer->leaf_iter_vars.back();
    const int64_t* extent =
        inner->dom.extent.defined() ? ir::as_const_int(inner->dom.extent) : nullptr;
    if (inner->iter_type == ir::IterVarType::DataPar && extent && *extent >= target.vector_lanes &&
        producer->leaf_iter_vars.size() > 1)
      if (Status st = schedule::Vectorize(sch, producer, inner); !st) return st;
  }
  // The broadcast input's copy (the pack knob), made while this stage still reads the
  // input; attached at the accumulator's chunk loop below.
  Stage broadcast_copy;
  if (pack_broadcast) {
    Stage input = sch.find(c.broadcast);
    if (!input) return Error("tune: no stage " + c.broadcast);
    auto copy = schedule::CacheRead(sch, input, "global", {stage});
    if (!copy) return copy.error();
    if (pack == 2)
      if (Status st = LayOutInPhases(sch, *copy, c.column_stride); !st) return st;
    broadcast_copy = *copy;
  }
  // 2. The accumulator and the output's loops: blocks of `a` and the other axes (fused,
  //    parallel), column tiles, then `a` and the columns inside the block.
  //    With an epilogue (EpilogueRule.h) the epilogue's loops are the output's.
  auto acc = MakeAccumulator(sch, rule, ChannelEpilogueOwnStage(d, rule));
  if (!acc) return acc.error();
  stage = acc->outer;
  auto local = Result<Stage>(acc->local);
  // The epilogue's arithmetic in a stage of its own, laid out as the accumulator below.
  const Stage epilogue = acc->epilogue;
  // Laid out in blocks (blocked outputs), the output's loops are its axes with `a // block`
  // in `a`'s place, then `a % block`, and the copy out writes each column's vectors of `a` whole;
  // otherwise `a` is split in blocks and the copy out transposes.
  const size_t axis_index = SpatialAxisIndex(rule, c.axis);
  auto loops = OutputLoopsOf(sch, stage, rule, axis_index, block, target);
  if (!loops) return loops.error();
  const te::Tensor output = te::output_of(stage->op, 0);  // the rule's axes, in its dimensions
  std::vector<ir::IterVar> outer;
  ir::IterVar axis_block, column_outer, axis_inner, column_inner;
  if (loops->laid_out()) {
    axis_block = loops->block_outer;
    outer.push_back(axis_block);
    axis_inner = loops->block_inner;
  }
  for (size_t i = 0; i < rule.spatial_axes.size(); ++i) {
    const std::string& name = rule.spatial_axes[i];
    if (loops->laid_out() && i == axis_index) continue;
    const ir::IterVar iv = loops->axes[i];
    if (name == c.axis || name == c.column) {
      // Chunked, the accumulator covers the row; the output's column loop only carries
      // the copy out of it (CopyColumns).
      int64_t out_columns = columns;
      const int64_t* extent = ir::as_const_int(output->shape[i]);
      if (chunk > 0 && extent) out_columns = CopyColumns(*extent, target.vector_lanes);
      auto parts = schedule::Split(sch, stage, iv, name == c.axis ? block : out_columns);
      if (!parts) return parts.error();
      if (name == c.axis) {
        axis_block = parts->first;
        outer.push_back(parts->first);
        axis_inner = parts->second;
      } else {
        column_outer = parts->first;
        column_inner = parts->second;
      }
    } else {
      outer.push_back(iv);
    }
  }
  // Rows outer: the blocks of `a` innermost in the fused loop, so each core takes a band of
  // the other axes (conv2d's output rows) for every block, and reads mostly the rows of a
  // producer at the root that it computed itself (its parallel loop splits the same rows).
  if (rows_outer == 1 && outer.size() > 1) {
    outer.erase(std::find(outer.begin(), outer.end(), axis_block));
    outer.push_back(axis_block);
  }
  std::vector<ir::IterVar> order = outer;
  if (loops->laid_out() && loops->block_middle)
    order.insert(order.end(), {column_outer, column_inner, loops->block_middle, axis_inner});
  else if (loops->laid_out())
    order.insert(order.end(), {column_outer, column_inner, axis_inner});
  else
    order.insert(order.end(), {column_outer, axis_inner, column_inner});
  if (Status st = schedule::Reorder(sch, stage, order); !st) return st;
  if (Status st = schedule::Vectorize(sch, stage, order.back()); !st) return st;
  if (loops->block_middle)
    if (Status st = schedule::Unroll(sch, stage, loops->block_middle); !st) return st;
  auto fused =
      outer.size() == 1 ? Result<ir::IterVar>(outer.front()) : schedule::Fuse(sch, stage, outer);
  if (!fused) return fused.error();
  if (Status st = schedule::Parallel(sch, stage, *fused); !st) return st;
  // Multiply-adds become FMAs (one rounding; within the oracle's tolerance).
  if (Status st = schedule::Pragma(sch, stage, *fused, "fp_contract"); !st) return st;
  const ir::IterVar accumulator_at = chunk > 0 ? *fused : column_outer;
  if (Status st = schedule::ComputeAt(sch, *local, stage, accumulator_at); !st) return st;
  const ir::IndexMap accumulator_layout =
      InnermostMap(rule.spatial_axes.size(), SpatialAxisIndex(rule, c.axis));
  if (epilogue)
    if (Status st = LayOutAsAccumulator(sch, epilogue, stage, accumulator_at, accumulator_layout,
                                        target.vector_lanes);
        !st)
      return st;
  // 3. The accumulator stored with `a` innermost; reduction in the definition's order
  //    (chunked: the chunks, the column tiles, then the rest), then the columns and the
  //    vectors of `a` (in the chosen order), unrolled.
  auto axes = schedule::TransformLayout(sch, *local, accumulator_layout);
  if (!axes) return axes.error();
  const int64_t vector = std::min<int64_t>(target.vector_lanes, block);
  auto lanes = schedule::Split(sch, *local, axes->back(), vector);
  if (!lanes) return lanes.error();
  std::vector<ir::IterVar> inner_order(axes->begin(),
                                       axes->end() - 2);  // the axes other than column, `a`
  ir::IterVar local_column = (*axes)[axes->size() - 2];
  std::vector<ir::IterVar> window;  // the reduction axes after the first
  for (size_t r = 0; r < rule.reduce_axes.size(); ++r) {
    auto iv = (*local)->find_iter_var(rule.reduce_axes[r]);
    if (!iv) return iv.error();
    if (r == 0 && chunk > 0) {
      auto chunks = schedule::Split(sch, *local, *iv, chunk);
      if (!chunks) return chunks.error();
      auto tiles = schedule::Split(sch, *local, local_column, columns);
      if (!tiles) return tiles.error();
      inner_order.insert(inner_order.end(), {chunks->first, tiles->first, chunks->second});
      local_column = tiles->second;
      if (producer_at_chunk)
        if (Status st = schedule::ComputeAt(sch, producer, *local, chunks->first); !st) return st;
      // The chunk's rows of the broadcast input, one contiguous [chunk, row] block read at
      // unit stride by every column tile of the row (the NCHW planes are a row's width x
      // height apart: without the copy each step of the reduction is another page).
      if (broadcast_copy) {
        if (Status st = schedule::ComputeAt(sch, broadcast_copy, *local, chunks->first); !st)
          return st;
        if (!broadcast_copy->leaf_iter_vars.empty())
          if (Status st =
                  schedule::Vectorize(sch, broadcast_copy, broadcast_copy->leaf_iter_vars.back());
              !st)
            return st;
      }
      continue;
    }
    inner_order.push_back(*iv);
    if (r > 0) window.push_back(*iv);
  }
  if (vectors_outer == 0)
    inner_order.insert(inner_order.end(), {local_column, lanes->first, lanes->second});
  else
    inner_order.insert(inner_order.end(), {lanes->first, local_column, lanes->second});
  if (Status st = schedule::Reorder(sch, *local, inner_order); !st) return st;
  if (unroll_window)
    for (const ir::IterVar& iv : window)
      if (Status st = schedule::Unroll(sch, *local, iv); !st) return st;
  if (Status st = schedule::Unroll(sch, *local, local_column); !st) return st;
  if (Status st = schedule::Unroll(sch, *local, lanes->first); !st) return st;
  return schedule::Vectorize(sch, *local, lanes->second);
}

}  // namespace tessera::tune
