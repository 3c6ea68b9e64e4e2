#include "tune/TileRule.h"

#include <algorithm>
#include <map>
#include <optional>

#include "ir/Functor.h"
#include "schedule/Primitives.h"
#include "te/Tensor.h"
#include "tune/FusedAxes.h"
#include "tune/KnobNames.h"
#include "tune/PhasedProducer.h"
#include "tune/ShiftedTaps.h"
#include "tune/TilePrefetch.h"

namespace tessera::tune {

using schedule::Schedule;
using schedule::Stage;

namespace {

constexpr int64_t kMaxReduceInner = 64;
// The most reduction steps a seed unrolls whole inside its accumulator (a 5 x 5 window).
constexpr int64_t kMaxWindowSteps = 25;

// Placeholders `op` reads directly with at least two dimensions: packing candidates.
std::vector<std::string> PackableInputs(const te::ComputeOpNode& op) {
  std::vector<std::string> out;
  for (const te::Tensor& t : op.InputTensors())
    if (t.op()->kind() == te::OpKind::Placeholder && t.ndim() >= 2) out.push_back(t.op()->name);
  return out;
}

// The names of `op`'s spatial axes that `indices` use.
std::vector<std::string> AxesUsed(const te::ComputeOpNode& op,
                                  const std::vector<ir::Expr>& indices) {
  std::vector<std::string> out;
  for (const ir::IterVar& iv : op.axis)
    for (const ir::Expr& index : indices)
      if (ir::UsesVar(index, iv->var)) {
        out.push_back(iv->var.name());
        break;
      }
  return out;
}

// The packable input whose last index moves with the innermost spatial axis, and the
// spatial axes its indices use (StageRule::streamed, streamed_axes).
void FindStreamedOperand(const te::ComputeOpNode& op, StageRule* rule) {
  if (op.axis.empty()) return;
  const ir::Var inner = op.axis.back()->var;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    if (indices.empty() || !rule->streamed.empty()) return;
    const std::string& name = t.op()->name;
    if (std::find(rule->packable.begin(), rule->packable.end(), name) == rule->packable.end())
      return;
    if (!ir::UsesVar(indices.back(), inner)) return;
    rule->streamed = name;
    rule->streamed_axes = AxesUsed(op, indices);
  });
}

// Every tensor load of `op`'s body (StageRule::loads).
std::vector<StageRule::Load> TileLoads(const te::ComputeOpNode& op) {
  std::vector<StageRule::Load> out;
  if (op.axis.empty()) return out;
  const ir::Var inner = op.axis.back()->var;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor&, const std::vector<ir::Expr>& indices) {
    StageRule::Load load;
    load.axes = AxesUsed(op, indices);
    load.vector = std::any_of(indices.begin(), indices.end(),
                              [&](const ir::Expr& e) { return ir::UsesVar(e, inner); });
    out.push_back(std::move(load));
  });
  return out;
}

// A packable input other than the streamed one that the innermost axis indexes alone in
// one dimension, not its last, and in no other (StageRule::transposed).
void FindTransposedOperand(const te::ComputeOpNode& op, StageRule* rule) {
  if (op.axis.empty()) return;
  const ir::Var inner = op.axis.back()->var;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    const std::string& name = t.op()->name;
    if (!rule->transposed.empty() || indices.size() < 2 || name == rule->streamed) return;
    if (std::find(rule->packable.begin(), rule->packable.end(), name) == rule->packable.end())
      return;
    size_t dim = indices.size();
    int uses = 0;
    for (size_t i = 0; i < indices.size(); ++i) {
      if (!ir::UsesVar(indices[i], inner)) continue;
      ++uses;
      if (indices[i].same_as(inner)) dim = i;
    }
    if (uses != 1 || dim + 1 >= indices.size()) return;
    rule->transposed = name;
    rule->transposed_dim = dim;
    rule->transposed_axes = AxesUsed(op, indices);
  });
}

// Pack choices 3 and 4 (StageRule::transposed): column panels of the tile's columns,
// which must divide the axis. 3 packs the whole operand once per call at the root, in
// parallel over the panels; 4 packs inside the output's loops one block's panel at a time,
// just before the tiles read it (PanelAttachLoop), so the panel is read from L1 or L2
// instead of coming back from the outer caches after the whole operand was written.
constexpr int64_t kPackColumnPanels = 3;
constexpr int64_t kPackColumnPanelsPerBlock = 4;

bool InColumnPanels(int64_t where) {
  return where == kPackColumnPanels || where == kPackColumnPanelsPerBlock;
}

// One load of a register tile's reduction step: whether it is read in vectors (else
// broadcast), and per spatial axis whether it uses that axis (else the tile's rows on it
// share it).
struct StepLoad {
  bool vector = false;
  std::vector<bool> axes;
};

// A register tile of a Tile stage: rows on one or two non-innermost axes (axis index ->
// rows) times `cols` of the innermost axis (vectorized).
struct RegisterTile {
  std::map<size_t, int64_t> rows;
  int64_t cols = 1;
  int64_t vectors = 1;
  int64_t loads = 1;  // per reduction step (Loads)
  int64_t Useful() const {
    int64_t n = cols;
    for (const auto& [axis, r] : rows) n *= r;
    return n;
  }
  // Loads per reduction step: each load of the step once per vector (read in vectors) or
  // once (broadcast), times the tile's rows on the axes it uses — a GEMM's B[k, j] is
  // shared by the rows of i and A[i, k] broadcast once per row; a batched matmul's rows
  // of the batch load their own vectors; a depthwise convolution's weight w[c, ry, rx] is
  // one broadcast for every row of y, where each row of c broadcasts its own.
  int64_t Loads(const std::vector<StepLoad>& step) const {
    int64_t n = 0;
    for (const StepLoad& load : step) {
      int64_t times = load.vector ? vectors : 1;
      for (const auto& [axis, r] : rows)
        if (axis < load.axes.size() && load.axes[axis]) times *= r;
      n += times;
    }
    return n;
  }
  // Useful lanes per load is what the FMA pipes can sustain (x86 loads 2-3 per cycle,
  // FMAs 2), so tiles are ranked by it.
  double LanesPerLoad() const {
    return static_cast<double>(Useful()) / static_cast<double>(std::max<int64_t>(loads, 1));
  }
};

// The loads of `rule`'s reduction step (StageRule::loads) as axis flags. A rule without
// them: the operand read in vectors (the streamed one, else the transposed one) and one
// broadcast that every row axis moves.
std::vector<StepLoad> StepLoads(const StageRule& rule) {
  auto flags = [&](const std::vector<std::string>& used) {
    std::vector<bool> out;
    for (const std::string& axis : rule.spatial_axes)
      out.push_back(std::find(used.begin(), used.end(), axis) != used.end());
    return out;
  };
  std::vector<StepLoad> out;
  for (const StageRule::Load& load : rule.loads) out.push_back({load.vector, flags(load.axes)});
  if (!out.empty()) return out;
  out.push_back({true, flags(rule.streamed.empty() ? rule.transposed_axes : rule.streamed_axes)});
  out.push_back({false, flags(rule.spatial_axes)});
  return out;
}

// Whether a register tile's rows on `axis` would share one of the step's vector loads:
// one that `axis` does not move. Rows of a depthwise or pooling window each read their
// own input, so they share none.
bool RowsShareAVectorLoad(const std::vector<StepLoad>& step, size_t axis) {
  return std::any_of(step.begin(), step.end(), [&](const StepLoad& load) {
    return load.vector && (axis >= load.axes.size() || !load.axes[axis]);
  });
}

// ceil(extent / tile): the outer factor of a split whose tile need not divide the extent.
int64_t TilesCovering(int64_t extent, int64_t tile) { return (extent + tile - 1) / tile; }

// The column tiles of whole vectors a register tile may have (1, 2 or 4 vectors: rows of
// 3 compile to far slower code) that leave at most an eighth of `extent` to the peeled
// last tile; and one vector wherever the extent is longer: a row of 56 or 28 columns on
// AVX-512 is otherwise vectorized whole, as 3.5 or 1.75 registers, which compiles to
// far slower code than 16-lane tiles and a half-vector peel.
std::vector<int64_t> WholeVectorColumns(int64_t extent, int64_t lanes) {
  std::vector<int64_t> out;
  if (lanes <= 1) return out;
  for (int64_t vectors : {1, 2, 4})
    if (8 * vectors * lanes <= extent || (vectors == 1 && lanes < extent))
      out.push_back(vectors * lanes);
  return out;
}

// Whether the vectorized axis may be split into whole vectors that do not divide it (the
// last tile peeled by the lowering, in vector pieces and a scalar rest): where one of
// the tiles of whole vectors does not divide it — a prime 1013 has no divisor to
// vectorize by at all; 784 pixels (a 28 x 28 plane) divide into AVX-512's 1-vector tiles
// only, not into the 2 or 4 vectors a 16-lane register tile wants.
bool RaggedColumns(int64_t extent, int64_t lanes) {
  const std::vector<int64_t> cols = WholeVectorColumns(extent, lanes);
  return std::any_of(cols.begin(), cols.end(), [&](int64_t c) { return extent % c != 0; });
}

// The register tiles that fill the target's vector registers: for every column count
// (a divisor of the innermost extent filling whole vectors, or at least half a vector
// when the extent is not a multiple of the width, or ragged whole vectors; at most 4
// vectors), as many rows on
// one axis, or on two, as leave room for the operands: Fits' budget, and the
// accumulators plus the row's operand vectors plus a broadcast within the register file
// (AVX2's 3 x 32 tile = 12 + 4 + 1 ymm spills). Rows on one axis may be ragged (not a
// divisor: the last tile is peeled) when that fits more accumulators — 1024 rows x 2 ymm
// get 6 rows (12 accumulators) where the divisors stop at 4 (8): 8 accumulators cannot
// cover the FMA latency of 2 pipes (4-5 cycles) with any slack. `step`: the loads of a
// reduction step (StepLoads), which rank the tiles.
std::vector<RegisterTile> RegisterTiles(const std::vector<int64_t>& extents,
                                        const std::vector<StepLoad>& step,
                                        const TargetInfo& target) {
  const size_t n = extents.size();
  const int64_t lanes = target.vector_lanes, budget = target.vector_registers - 3;
  const int64_t inner = extents.back();
  // Column counts: divisors filling whole vectors or most of one; ragged where the
  // extent allows them (RaggedColumns, WholeVectorColumns), the peeled tile lowered as
  // vector pieces.
  std::vector<int64_t> column_counts;
  for (int64_t cols : Divisors(inner)) {
    if (cols > 4 * lanes) break;
    const bool whole = cols % lanes == 0;
    const bool partial = inner % lanes != 0 && (2 * cols >= lanes || cols == inner);
    if (whole || partial) column_counts.push_back(cols);
  }
  for (int64_t cols : WholeVectorColumns(inner, lanes))
    if (inner % cols != 0) column_counts.push_back(cols);
  std::vector<RegisterTile> tiles;
  for (int64_t cols : column_counts) {
    RegisterTile base;
    base.cols = cols;
    base.vectors = (cols + lanes - 1) / lanes;
    const int64_t max_rows = std::min(budget / base.vectors,
                                      (target.vector_registers - base.vectors - 1) / base.vectors);
    if (max_rows < 1) continue;
    if (n == 1) tiles.push_back(base);
    for (size_t a = 0; a + 1 < n; ++a) {
      if (extents[a] == 1) continue;
      RegisterTile one = base;
      one.rows[a] = LargestDivisorAtMost(extents[a], max_rows);
      if (one.rows[a] > 1) tiles.push_back(one);
      if (max_rows > one.rows[a] &&
          extents[a] >= 8 * max_rows) {  // the peeled tile: <= 1/8 of the rows
        RegisterTile ragged = base;
        ragged.rows[a] = max_rows;
        tiles.push_back(ragged);
      }
      for (size_t b = a + 1; b + 1 < n; ++b) {
        RegisterTile two = base;
        for (int64_t ra : Divisors(extents[a])) {
          if (ra < 2 || 2 * ra > max_rows) continue;
          int64_t rb = LargestDivisorAtMost(extents[b], max_rows / ra);
          if (rb >= 2 && (two.rows.empty() || ra * rb > two.rows[a] * two.rows[b]))
            two.rows = {{a, ra}, {b, rb}};
        }
        if (!two.rows.empty()) tiles.push_back(two);
      }
    }
  }
  for (RegisterTile& tile : tiles) tile.loads = tile.Loads(step);
  // The most useful lanes per load first (partial vectors waste lanes; one broadcast per
  // column vector is load-bound; rows that each load their own operand vectors are too),
  // then per FMA step; ties keep the order above (fewer columns, more rows first).
  std::stable_sort(tiles.begin(), tiles.end(), [](const RegisterTile& x, const RegisterTile& y) {
    if (x.LanesPerLoad() != y.LanesPerLoad()) return x.LanesPerLoad() > y.LanesPerLoad();
    return x.Useful() > y.Useful();
  });
  if (tiles.size() > 4) tiles.resize(4);
  // Rows every vector load moves with (a depthwise window's input rows, a batch) share
  // no operand: past the accumulators that cover the FMA latency they add register
  // pressure and a longer unrolled body, not reuse, yet they rank first above. Each such
  // tile is also offered with about as many rows as cover the latency (the largest
  // divisor of the axis at most that), right after it: a 56 x 56 depthwise plane on
  // AVX-512 gets 8 rows of one vector where the ranking puts 28 first; at stride 2 its
  // 28-column plane also gets 7 rows of the 14-column divisor, ranked third, whose
  // strided rows need no peeled tile (bench/README.md).
  std::vector<RegisterTile> offered;
  for (const RegisterTile& tile : tiles) {
    offered.push_back(tile);
    if (tile.rows.size() != 1) continue;
    const auto [axis, r] = *tile.rows.begin();
    if (RowsShareAVectorLoad(step, axis)) continue;
    const int64_t need = (AccumulatorsCoveringFma(target) + tile.vectors - 1) / tile.vectors;
    const int64_t lean = LargestDivisorAtMost(extents[axis], need);
    if (lean < 2 || lean >= r) continue;
    RegisterTile fewer = tile;
    fewer.rows[axis] = lean;
    fewer.loads = fewer.Loads(step);
    auto same = [&](const RegisterTile& t) { return t.cols == fewer.cols && t.rows == fewer.rows; };
    if (std::none_of(tiles.begin(), tiles.end(), same) &&
        std::none_of(offered.begin(), offered.end(), same))
      offered.push_back(fewer);
  }
  return offered;
}

// The rows a register tile's row tiles cover on their axes together (ragged tiles whole).
int64_t RowsCovered(const RegisterTile& tile, const std::vector<int64_t>& extents) {
  int64_t rows = 1;
  for (const auto& [axis, r] : tile.rows) rows *= TilesCovering(extents[axis], r) * r;
  return rows;
}

// The slice of the first reduction axis (`reduce`: the reduction's extents, first
// outermost) whose panel of `cols` floats per step, with the column's `rows` x `cols`
// accumulators beside it, fits half of L1: its largest divisor that does, below its
// extent; 0 where the whole panel fits already or no divisor does.
int64_t ReductionSlice(const std::vector<int64_t>& reduce, int64_t cols, int64_t rows,
                       int64_t l1_bytes) {
  if (reduce.empty()) return 0;
  int64_t rest = 1;  // the steps of the other reduction axes, whole in every slice
  for (size_t r = 1; r < reduce.size(); ++r) rest *= reduce[r];
  const int64_t budget = l1_bytes / 2 - rows * cols * 4;
  auto fits = [&](int64_t kc) { return kc * rest * cols * 4 <= budget; };
  if (fits(reduce.front())) return 0;
  int64_t best = 0;
  for (int64_t kc : Divisors(reduce.front()))
    if (kc < reduce.front() && fits(kc)) best = kc;
  return best;
}

// The factors of a 4-level spatial split, outer first.
std::vector<int64_t> Split4(int64_t s0, int64_t s1, int64_t s2, int64_t s3) {
  return {s0, s1, s2, s3};
}

int64_t ProductFrom(const std::vector<int64_t>& v, size_t from) {
  int64_t p = 1;
  for (size_t i = from; i < v.size(); ++i) p *= v[i];
  return p;
}

// The extents of `axes` of `rule`'s stage, from its tile knobs.
Result<std::vector<int64_t>> TileExtents(const SpaceContext& space, const StageRule& rule,
                                         const std::vector<std::string>& axes) {
  std::vector<int64_t> extents;
  for (const std::string& axis : axes) {
    auto k = space.knobs.Find(TileKnobName(rule.stage, axis));
    if (!k) return k.error();
    extents.push_back((*k)->extent);
  }
  return extents;
}

// The factors `d` gives each tile knob of `rule`'s stage, in the order of its axes.
struct TileSplits {
  std::vector<std::vector<int64_t>> spatial;  // spatial_axes[a] -> its 4 levels
  std::vector<std::vector<int64_t>> reduce;   // reduce_axes[r] -> its 2 levels
};
Result<TileSplits> TileFactors(const StageRule& rule, const Decisions& d) {
  TileSplits out;
  for (auto [axes, splits] :
       {std::pair{&rule.spatial_axes, &out.spatial}, std::pair{&rule.reduce_axes, &out.reduce}})
    for (const std::string& axis : *axes) {
      auto f = KnobFactors(d, TileKnobName(rule.stage, axis));
      if (!f) return f.error();
      splits->push_back(std::move(f.value()));
    }
  return out;
}

class TileRuleImpl final : public ScheduleRule {
 public:
  const char* name() const override { return "tile"; }

  bool Applies(const StageInfo& s, const StageRule&) const override {
    return !s.several_outputs && (s.is_output || s.epilogue) && s.op->is_reduction();
  }

  void AddKnobs(const StageInfo& s, StageRule* rule, KnobTable* knobs) const override {
    const std::string& stage = rule->stage;
    const int lanes = s.target.vector_lanes;
    rule->kind = StageRule::Kind::Tile;
    if (s.epilogue) rule->epilogue = *s.epilogue;
    rule->packable = PackableInputs(*s.op);
    FindStreamedOperand(*s.op, rule);
    FindTransposedOperand(*s.op, rule);
    rule->loads = TileLoads(*s.op);
    auto add_spatial = [&](const std::string& axis, int64_t extent, bool innermost) {
      Knob k = MakeSplitKnob(TileKnobName(stage, axis), extent, kTileLevels);
      k.innermost_multiple = innermost && extent % lanes == 0 ? lanes : 1;
      k.innermost_max = innermost ? 4 * lanes : s.target.vector_registers;
      // Register rows may not divide; nor may the vector columns where the extent is no
      // multiple of the vector width (RaggedColumns).
      k.ragged_innermost = !innermost || RaggedColumns(extent, lanes);
      if (innermost) k.ragged_multiple = lanes;
      knobs->Add(k);
    };
    for (size_t a = 0; a < s.extents.size(); ++a)
      add_spatial(rule->spatial_axes[a], s.extents[a], a + 1 == s.extents.size());
    for (size_t r = 0; r < s.reduce_extents.size(); ++r) {
      Knob k = MakeSplitKnob(TileKnobName(stage, rule->reduce_axes[r]), s.reduce_extents[r],
                             kReduceLevels);
      k.innermost_max = kMaxReduceInner;
      knobs->Add(k);
    }
    knobs->Add(MakeChoiceKnob(UnrollKnobName(stage), {0, 1, 2}));
    knobs->Add(MakeChoiceKnob(CacheWriteKnobName(stage), rule->epilogue.output.empty()
                                                             ? std::vector<int64_t>{0, 1}
                                                             : std::vector<int64_t>{1}));
    // A transposed operand may also be packed once per call into column panels, which the
    // tile then reads as it reads a streamed operand. With an epilogue the accumulator is
    // cache_write's stage, which has no loop to attach a copy at S0 or S1, so only the
    // panels (at the root) are offered there (the ChannelTile variant packs its operand
    // itself).
    const bool epilogue = !rule->epilogue.output.empty();
    for (const std::string& p : rule->packable) {
      if (p == rule->transposed)
        knobs->Add(MakeChoiceKnob(
            PackKnobName(stage, p),
            epilogue
                ? std::vector<int64_t>{0, kPackColumnPanels, kPackColumnPanelsPerBlock}
                : std::vector<int64_t>{0, 1, 2, kPackColumnPanels, kPackColumnPanelsPerBlock}));
      else if (!epilogue)
        knobs->Add(MakeChoiceKnob(PackKnobName(stage, p), {0, 1, 2}));
    }
    // The streamed operand prefetched ahead of the reduction (TilePrefetch.h).
    if (!rule->streamed.empty() && !s.reduce_extents.empty())
      knobs->Add(MakeChoiceKnob(PrefetchKnobName(stage), PrefetchChoices()));
    // A producer read at a column stride, computed inside the loops in phases.
    rule->phased = FindPhasedProducer(*s.op);
    if (rule->phased.defined()) knobs->Add(MakeChoiceKnob(PhasesKnobName(stage), {0, 1}));
    // A window read at a column stride, its taps loaded or moved from one another.
    rule->shiftable_taps = ReadsShiftableTaps(*s.op);
    if (rule->shiftable_taps) knobs->Add(MakeChoiceKnob(TapsKnobName(stage), {0, 1}));
    // Or the two innermost axes tiled as one (FusedAxes.h); its accumulator is the output,
    // so not with an epilogue's.
    if (!s.epilogue) {
      FusedPlane plane = FindFusedPlane(*s.op);
      rule->fused_axes = std::move(plane.axes);
      rule->fused_copies = std::move(plane.copies);
    }
    if (!rule->fused_axes.empty()) {
      const size_t n = s.extents.size();
      knobs->Add(MakeChoiceKnob(FuseKnobName(stage), {0, 1}));
      add_spatial(FusedAxisName(rule->fused_axes), s.extents[n - 2] * s.extents[n - 1], true);
    }
    // Or vectorized along an output axis the other operand is invariant along (ChannelTile.h).
    rule->channel = FindChannelAxis(*s.op, rule->packable, s.extents, lanes);
    if (rule->channel.defined()) {
      const size_t a = SpatialAxisIndex(*rule, rule->channel.axis);
      for (Knob& k : ChannelKnobs(stage, rule->channel, s.extents[a], s.extents.back(),
                                  !rule->epilogue.output.empty(), s.target))
        knobs->Add(std::move(k));
    }
  }

  Status AddSeeds(const SpaceContext& space, const StageRule& rule, const Decisions& base,
                  std::vector<Decisions>* out) const override {
    auto extents = TileExtents(space, rule, rule.spatial_axes);
    if (!extents) return extents.error();
    AddChannelSeeds(rule, base, *extents, space.target, out);
    if (Status st = AddFusedSeeds(space, rule, base, out); !st) return st;
    return AddTileSeeds(space, rule, *extents, base, out);
  }

  bool Fits(const SpaceContext& space, const StageRule& rule, const Decisions& d) const override {
    const TargetInfo& target = space.target;
    if (!PhasesFit(rule, d) || !TapsFit(rule, d) || !TilePrefetchFits(rule, d)) return false;
    if (FusedOn(d, rule)) return FusedFits(rule, d) && TileFits(space, FusedView(rule), d);
    if (ChannelTileOn(d, rule)) {
      auto extents = TileExtents(space, rule, rule.spatial_axes);
      return extents && ChannelTileFits(d, rule, *extents, target);
    }
    return TileFits(space, rule, d);
  }

  Status Apply(Schedule& sch, const SpaceContext& space, const StageRule& rule,
               const Decisions& d) const override {
    if (FusedOn(d, rule)) {
      Stage stage = sch.find(rule.stage);
      if (Status st = MakeFusedCopies(sch, stage, rule.fused_copies); !st) return st;
      std::vector<ir::IterVar> axes;
      for (const std::string& name : rule.fused_axes) {
        auto iv = RuleAxis(stage, name);
        if (!iv) return iv.error();
        axes.push_back(*iv);
      }
      if (auto fused = schedule::Fuse(sch, stage, axes); !fused) return fused.error();
      return ApplyTile(sch, FusedView(rule), d, space.target);
    }
    if (ChannelTileOn(d, rule)) return ApplyChannelTile(sch, rule, d, space.target);
    return ApplyTile(sch, rule, d, space.target);
  }

 private:
  // The fused tile accumulates in the output and reads its operands in place
  // (FusedAxes.h): no channel tile, accumulator stage, packed copy or phases.
  static bool FusedFits(const StageRule& rule, const Decisions& d) {
    if (ChannelTileOn(d, rule) || KnobChoiceOr(d, CacheWriteKnobName(rule.stage), 0) != 0)
      return false;
    if (rule.phased.defined() && KnobChoiceOr(d, PhasesKnobName(rule.stage), 0) != 0) return false;
    for (const std::string& p : rule.packable)
      if (KnobChoiceOr(d, PackKnobName(rule.stage, p), 0) != 0) return false;
    return true;
  }
  // The plain tile: its register tile fits, enough parallel iterations.
  static bool TileFits(const SpaceContext& space, const StageRule& rule, const Decisions& d) {
    const TargetInfo& target = space.target;
    auto factors = TileFactors(rule, d);
    if (!factors) return false;
    int64_t accumulators = 1;
    for (size_t a = 0; a < rule.spatial_axes.size(); ++a) {
      const std::vector<int64_t>& f = factors->spatial[a];
      const bool innermost = a + 1 == rule.spatial_axes.size();
      accumulators *=
          innermost ? (f.back() + target.vector_lanes - 1) / target.vector_lanes : f.back();
    }
    // Room for the operands: one vector of the streamed operand and a broadcast, plus one spare.
    if (accumulators > target.vector_registers - 3) return false;
    if (!PanelsDivide(space, rule, d, *factors)) return false;
    // The fused outer loops are the parallel loop: at least one iteration per core
    // (when the stage has that many outer iterations at all).
    int64_t outer = 1, total = 1;
    for (const std::vector<int64_t>& f : factors->spatial) {
      outer *= f.front();
      for (int64_t factor : f) total *= factor;
    }
    return outer >= std::min<int64_t>(target.cores, total);
  }
  // The phases need the producer kept (not inlined) and the plain tile.
  static bool PhasesFit(const StageRule& rule, const Decisions& d) {
    if (!rule.phased.defined()) return true;
    if (KnobChoiceOr(d, PhasesKnobName(rule.stage), 0) == 0) return true;
    if (ChannelTileOn(d, rule)) return false;
    return KnobChoiceOr(d, InlineKnobName(rule.phased.producer), 0) == 0;
  }
  static bool TilePrefetchFits(const StageRule& rule, const Decisions& d) {
    if (KnobChoiceOr(d, PrefetchKnobName(rule.stage), 0) == 0) return true;
    auto factors = TileFactors(FusedOn(d, rule) ? FusedView(rule) : rule, d);
    return factors && PrefetchFits(rule, d, factors->reduce);
  }
  static bool ShiftedTapsOn(const StageRule& rule, const Decisions& d) {
    return rule.shiftable_taps && KnobChoiceOr(d, TapsKnobName(rule.stage), 0) == 1;
  }
  // Shifted taps change the plain tile's strided reads only: the channel tile, the fused
  // tile and the phases read none (the candidate would repeat the one with 0).
  static bool TapsFit(const StageRule& rule, const Decisions& d) {
    if (!ShiftedTapsOn(rule, d)) return true;
    if (ChannelTileOn(d, rule) || FusedOn(d, rule)) return false;
    return !rule.phased.defined() || KnobChoiceOr(d, PhasesKnobName(rule.stage), 0) == 0;
  }
  // Column panels of the transposed operand, where `d` packs it so, hold whole tiles.
  static bool PanelsDivide(const SpaceContext& space, const StageRule& rule, const Decisions& d,
                           const TileSplits& factors) {
    if (rule.transposed.empty()) return true;
    auto where = KnobChoice(d, PackKnobName(rule.stage, rule.transposed));
    if (!where || !InColumnPanels(*where)) return true;
    auto extents = TileExtents(space, rule, rule.spatial_axes);
    const int64_t cols = factors.spatial.back().back();
    return extents && cols > 1 && extents->back() % cols == 0;
  }
  static Status AddTileSeeds(const SpaceContext& space, const StageRule& rule,
                             const std::vector<int64_t>& extents, const Decisions& base,
                             std::vector<Decisions>* out);
  static Status AddFusedSeeds(const SpaceContext& space, const StageRule& rule,
                              const Decisions& base, std::vector<Decisions>* out);
  static Status ApplyTile(Schedule& sch, const StageRule& rule, const Decisions& d,
                          const TargetInfo& target);
};

Status TileRuleImpl::AddTileSeeds(const SpaceContext& space, const StageRule& rule,
                                  const std::vector<int64_t>& extents, const Decisions& base,
                                  std::vector<Decisions>* out) {
  const size_t n = rule.spatial_axes.size();
  if (n == 0) return Status::Ok();
  auto reduce_extents = TileExtents(space, rule, rule.reduce_axes);
  if (!reduce_extents) return reduce_extents.error();
  const std::string unroll_knob = UnrollKnobName(rule.stage);
  auto set_axis = [&](Decisions& d, size_t a, std::vector<int64_t> f) {
    d.values[TileKnobName(rule.stage, rule.spatial_axes[a])] = std::move(f);
  };
  // The last reduction axis split for an unrolled inner step of u (when it divides).
  auto unroll_reduction = [&](Decisions& d) {
    if (rule.reduce_axes.empty()) return;
    const std::string name = TileKnobName(rule.stage, rule.reduce_axes.back());
    const int64_t e = reduce_extents->back(), u = LargestDivisorAtMost(e, 4);
    if (u < 2) return;
    d.values[name] = {e / u, u};
    d.values[unroll_knob] = {2};
  };
  const size_t first_seed = out->size();
  const bool has_streamed = !rule.streamed.empty();
  const bool has_transposed = !rule.transposed.empty();
  // A reduction short enough to unroll whole around the tile (a depthwise 3 x 3: 9 steps).
  const bool small_window =
      !rule.reduce_axes.empty() && ProductFrom(*reduce_extents, 0) <= kMaxWindowSteps;
  const std::vector<StepLoad> step = StepLoads(rule);
  const std::vector<RegisterTile> tiles = RegisterTiles(extents, step, space.target);
  for (const RegisterTile& tile : tiles) {
    const size_t inner = n - 1;
    const int64_t cols = tile.cols, inner_extent = extents[inner];
    const int64_t col_tiles = TilesCovering(inner_extent, cols);  // the last may be ragged
    bool panel_ok = has_streamed;  // a panel of the streamed operand is independent of the rows
    for (const auto& [axis, r] : tile.rows)
      if (std::find(rule.streamed_axes.begin(), rule.streamed_axes.end(),
                    rule.spatial_axes[axis]) != rule.streamed_axes.end())
        panel_ok = false;
    // Without one, the transposed operand's column panels (packed once per call, so
    // independent of the rows) where the tile's columns divide the axis.
    std::string panel_operand = rule.streamed;
    int64_t panel_pack = 1;
    if (!panel_ok && has_transposed && cols > 1 && inner_extent % cols == 0) {
      panel_ok = true;
      panel_operand = rule.transposed;
      panel_pack = kPackColumnPanels;
    }
    Decisions start = base;
    start.values[unroll_knob] = {1};
    for (size_t a = 0; a < inner; ++a) set_axis(start, a, Split4(1, extents[a], 1, 1));
    // 1. Panel: the parallel loop runs over column panels of the streamed operand, packed
    //    once per panel (contiguous rows of `cols` floats); rows of mr inside it; the
    //    register tile inside the whole reduction (gemm_fast.py's structure).
    if (panel_ok) {
      Decisions d = start;
      set_axis(d, inner, Split4(col_tiles, 1, 1, cols));
      for (const auto& [axis, r] : tile.rows)
        set_axis(d, axis, Split4(1, TilesCovering(extents[axis], r), 1, r));
      d.values[PackKnobName(rule.stage, panel_operand)] = {panel_pack};
      out->push_back(d);
      // The transposed operand's panels also packed one block at a time, inside the loops.
      if (panel_pack == kPackColumnPanels) {
        Decisions per_block = d;
        per_block.values[PackKnobName(rule.stage, panel_operand)] = {kPackColumnPanelsPerBlock};
        out->push_back(std::move(per_block));
      }
      // A wider panel (up to 4 register tiles side by side, S2): each row sliver of the
      // other operand (rows x reduction, in L1) serves all of them before the next, so
      // that operand streams from the outer caches a quarter as often. The reductions are
      // whole inside S2 (R1; with R0 > 1 the loop order S0 S1 R0 S2 R1 S3 would put S2
      // inside the reduction and reload the accumulators at every step).
      const int64_t wide = LargestDivisorAtMost(col_tiles, 4);
      if (wide > 1) {
        Decisions w = d;
        set_axis(w, inner, Split4(col_tiles / wide, 1, wide, cols));
        for (size_t r = 0; r < rule.reduce_axes.size(); ++r)
          w.values[TileKnobName(rule.stage, rule.reduce_axes[r])] = {1, (*reduce_extents)[r]};
        out->push_back(w);
      }
      // The panel's slice in L1: where the panel's whole reduction does not fit half of
      // L1 (bert_qkv's 768 x 16 floats, 48 KB), the first reduction axis split in slices
      // of kc steps outside the row tiles and the accumulators of every row of the column
      // kept in one block (S2), so that the row tiles read each kc x cols slice of the
      // panel from L1, one after the other (a GEMM's kc blocking, as BLIS's). For the
      // best-ranked tile only, one candidate more: whether it beats the whole reduction
      // depends on how fast the machine's L2 streams the panel (bench/README.md).
      if (const int64_t kc = ReductionSlice(*reduce_extents, cols, RowsCovered(tile, extents),
                                            space.target.l1_bytes);
          kc > 0 && &tile == &tiles.front()) {
        Decisions sliced = d;
        for (const auto& [axis, r] : tile.rows)
          set_axis(sliced, axis, Split4(1, 1, TilesCovering(extents[axis], r), r));
        for (size_t r = 0; r < rule.reduce_axes.size(); ++r) {
          const int64_t e = (*reduce_extents)[r];
          sliced.values[TileKnobName(rule.stage, rule.reduce_axes[r])] =
              r == 0 ? std::vector<int64_t>{e / kc, kc} : std::vector<int64_t>{1, e};
        }
        out->push_back(sliced);
      }
      unroll_reduction(d);
      out->push_back(d);
    }
    // 2. Rows: the parallel loop runs over blocks of the first row axis, the register
    //    tile inside all reductions (conv2d_fast.py's structure). The axes before it
    //    without rows are parallel too, outside it (a depthwise layer's channels around
    //    its rows of y: each channel's plane stays in cache across its row blocks).
    {
      Decisions d = start;
      set_axis(d, inner, Split4(1, col_tiles, 1, cols));
      bool first = true;
      for (size_t a = 0; a < inner && !tile.rows.empty() && a < tile.rows.begin()->first; ++a)
        set_axis(d, a, Split4(extents[a], 1, 1, 1));
      for (const auto& [axis, r] : tile.rows) {
        const int64_t q = TilesCovering(extents[axis], r);
        set_axis(d, axis, first ? Split4(q, 1, 1, r) : Split4(1, q, 1, r));
        first = false;
      }
      // Where the reduction is a small window (a depthwise 3 x 3: 9 steps), first the
      // register tile in an accumulator stage with the window whole and unrolled inside
      // it: each tap's broadcast then feeds the tile's accumulators, kept in registers.
      if (!tile.rows.empty() && small_window) {
        Decisions acc = d;
        acc.values[CacheWriteKnobName(rule.stage)] = {1};
        acc.values[unroll_knob] = {2};
        for (size_t r = 0; r < rule.reduce_axes.size(); ++r)
          acc.values[TileKnobName(rule.stage, rule.reduce_axes[r])] = {1, (*reduce_extents)[r]};
        out->push_back(acc);
      }
      out->push_back(d);
      unroll_reduction(d);
      out->push_back(d);
    }
    // 3. Blocked: a cache_write accumulator block of up to 32 rows x 64 columns, the
    //    reduction split by 4 and unrolled around the register tile (the GEMM tutorial's
    //    structure, without its packing), parallel over the blocks.
    if (!tile.rows.empty()) {
      Decisions d = start;
      d.values[CacheWriteKnobName(rule.stage)] = {1};
      const int64_t bn = cols * LargestDivisorAtMost(col_tiles, std::max<int64_t>(1, 64 / cols));
      const auto& [row_axis, r] = *tile.rows.begin();
      const int64_t q = TilesCovering(extents[row_axis], r);
      const int64_t bm =
          LargestDivisorAtMost(q, std::max<int64_t>(1, 32 / r));  // register tiles per block
      set_axis(d, inner, Split4(col_tiles / (bn / cols), 1, bn / cols, cols));
      set_axis(d, row_axis, Split4(q / bm, 1, bm, r));
      for (const auto& [axis, rows] : tile.rows)
        if (axis != row_axis)
          set_axis(d, axis, Split4(1, TilesCovering(extents[axis], rows), 1, rows));
      unroll_reduction(d);
      out->push_back(d);
    }
  }
  // 4. One tile of columns a step: where the reduction is a small window and rows on no
  //    axis would share a vector load (a depthwise or pooling window), each column count
  //    of the tiles above without register rows or an accumulator stage, the window
  //    whole and unrolled around it; the row axes before the last parallel, the last
  //    inside them. Its FMAs chain in one accumulator, which a stage streaming its input
  //    from the outer caches can afford; a strided depthwise plane's best on AVX2 is of
  //    this shape, which the search reached by mutation only (bench/README.md).
  bool rows_share = false;
  for (size_t a = 0; a + 1 < n; ++a) rows_share = rows_share || RowsShareAVectorLoad(step, a);
  if (n > 1 && !rows_share && small_window) {
    const size_t last_row = n - 2, inner = n - 1;
    std::vector<int64_t> seen;
    for (const RegisterTile& tile : tiles) {
      if (std::find(seen.begin(), seen.end(), tile.cols) != seen.end()) continue;
      seen.push_back(tile.cols);
      Decisions d = base;
      d.values[unroll_knob] = {2};
      for (size_t a = 0; a < last_row; ++a) set_axis(d, a, Split4(extents[a], 1, 1, 1));
      set_axis(d, last_row,
               last_row == 0 ? Split4(extents[0], 1, 1, 1) : Split4(1, extents[last_row], 1, 1));
      set_axis(d, inner, Split4(1, TilesCovering(extents[inner], tile.cols), 1, tile.cols));
      for (size_t r = 0; r < rule.reduce_axes.size(); ++r)
        d.values[TileKnobName(rule.stage, rule.reduce_axes[r])] = {1, (*reduce_extents)[r]};
      out->push_back(std::move(d));
    }
  }
  // Each followed by itself with the strided producer computed in phases, and then with
  // the strided taps shifted: measured in turn, so that a short budget reaches all.
  auto add_twins = [&](auto&& twin) {
    std::vector<Decisions> all;
    for (size_t i = first_seed; i < out->size(); ++i) {
      all.push_back((*out)[i]);
      Decisions d = (*out)[i];
      if (twin(d)) all.push_back(std::move(d));
    }
    out->resize(first_seed);
    out->insert(out->end(), all.begin(), all.end());
  };
  if (rule.phased.defined())
    add_twins([&](Decisions& d) {
      d.values[PhasesKnobName(rule.stage)] = {1};
      d.values[InlineKnobName(rule.phased.producer)] = {0};
      return true;
    });
  // Not for a convolution whose channel tile broadcasts the input: its picks are channel
  // tiles, which read no strided taps (the knob is still there to mutate).
  if (rule.shiftable_taps && (!rule.channel.defined() || rule.channel.depthwise))
    add_twins([&](Decisions& d) {
      d.values[TapsKnobName(rule.stage)] = {1};
      return TapsFit(rule, d);
    });
  // The first seed with an outer reduction loop again with its streamed operand
  // prefetched, measured next to it: what the hint buys depends on the machine
  // (TilePrefetch.h).
  for (size_t i = first_seed; i < out->size(); ++i) {
    Decisions d = (*out)[i];
    d.values[PrefetchKnobName(rule.stage)] = {4};
    if (!TilePrefetchFits(rule, d)) continue;
    out->insert(out->begin() + static_cast<std::ptrdiff_t>(i) + 1, std::move(d));
    break;
  }
  return Status::Ok();
}

// The plain tile's seeds on the fused axes, before the unfused ones: where the axes fuse,
// the vectors run along the whole plane, which the unfused tile divides into rows. Those
// that need an accumulator stage or a packed copy are left out (FusedFits); the panel
// seed keeps its structure and reads the streamed operand in place.
Status TileRuleImpl::AddFusedSeeds(const SpaceContext& space, const StageRule& rule,
                                   const Decisions& base, std::vector<Decisions>* out) {
  if (rule.fused_axes.empty()) return Status::Ok();
  const StageRule view = FusedView(rule);
  auto extents = TileExtents(space, view, view.spatial_axes);
  if (!extents) return extents.error();
  Decisions fused = base;
  fused.values[FuseKnobName(rule.stage)] = {1};
  std::vector<Decisions> seeds;
  if (Status st = AddTileSeeds(space, view, *extents, fused, &seeds); !st) return st;
  for (Decisions& d : seeds) {
    for (const std::string& p : rule.packable) {
      auto it = d.values.find(PackKnobName(rule.stage, p));
      if (it != d.values.end()) it->second = {0};
    }
    if (FusedFits(rule, d) && std::find(out->begin(), out->end(), d) == out->end())
      out->push_back(std::move(d));
  }
  return Status::Ok();
}

// Where pack choice 4 computes the transposed operand's panel: the deepest of the fused S0
// loop and the S1 loops (in the spatial axes' order) above the first S1 loop that runs
// more than once over an axis the operand does not index. Every loop inside it then
// reads the same panel (Q K^T's rows of i reuse one head's panel of K), and no loop
// outside the fused one packs a panel again.
ir::IterVar PanelAttachLoop(const StageRule& rule, const TileSplits& splits,
                            const ir::IterVar& fused, const std::vector<ir::IterVar>& s1) {
  ir::IterVar at = fused;
  for (size_t a = 0; a < rule.spatial_axes.size() && a < s1.size(); ++a) {
    const bool indexed = std::find(rule.transposed_axes.begin(), rule.transposed_axes.end(),
                                   rule.spatial_axes[a]) != rule.transposed_axes.end();
    if (!indexed && splits.spatial[a][1] > 1) break;
    at = s1[a];
  }
  return at;
}

Status TileRuleImpl::ApplyTile(Schedule& sch, const StageRule& rule, const Decisions& d,
                               const TargetInfo& target) {
  Stage stage = sch.find(rule.stage);
  auto factors = TileFactors(rule, d);
  if (!factors) return factors.error();
  const TileSplits& splits = *factors;
  bool cache_write = !rule.epilogue.output.empty();
  if (!cache_write) {
    auto chosen = KnobChoice(d, CacheWriteKnobName(rule.stage));
    if (!chosen) return chosen.error();
    cache_write = *chosen == 1;
  }
  auto unroll_choice = KnobChoice(d, UnrollKnobName(rule.stage));
  if (!unroll_choice) return unroll_choice.error();
  const int64_t unroll = *unroll_choice;
  // Packing: copies of operands, made before the stage's loops change (cache_read keeps
  // the reader's IterVars). With cache_write the accumulator stage reads the operands
  // and sits inside the S1 loops, and of the copies only the column panels are made
  // there: at the root, or per block at a loop that encloses the accumulator's
  // (PanelAttachLoop); an epilogue's space has no knob for the other operands.
  std::vector<std::pair<Stage, int64_t>> packs;
  std::optional<Stage> block_panels;  // pack choice 4's copy, attached once the loops exist
  for (const std::string& p : rule.packable) {
    const std::string knob = PackKnobName(rule.stage, p);
    if (!rule.epilogue.output.empty() && !d.values.count(knob)) continue;
    auto where = KnobChoice(d, knob);
    if (!where) return where.error();
    if (*where == 0 || (cache_write && !InColumnPanels(*where))) continue;
    auto copy = schedule::CacheRead(sch, sch.find(p), "global", {stage});
    if (!copy) return copy.error();
    if (!InColumnPanels(*where)) {
      packs.emplace_back(*copy, *where);
      continue;
    }
    // Column panels of the transposed operand: at the root, in parallel over the panels,
    // or one block's at a time inside the loops.
    const int64_t cols = splits.spatial.back().back();
    if (p != rule.transposed || cols < 2)
      return Error("tune: " + knob + " = " + std::to_string(*where) +
                   " packs an operand transposed into column panels; " + p +
                   " is not read transposed along " + rule.spatial_axes.back() +
                   " or the tile has one column");
    const bool at_root = *where == kPackColumnPanels;
    if (Status st = PackInBlocks(sch, *copy, rule.transposed_dim, cols, target, at_root); !st)
      return st;
    if (!at_root) block_panels = *copy;
  }
  Stage compute = stage;  // the stage that accumulates
  if (cache_write) {
    auto acc = MakeAccumulator(sch, rule);  // with an epilogue, its loops are the outer ones
    if (!acc) return acc.error();
    stage = acc->outer;
    compute = acc->local;
  }
  // The output's loops: S0 S1 (then S2 R... when it computes itself).
  std::vector<ir::IterVar> s0, s1;
  std::vector<std::vector<ir::IterVar>> spatial_levels;
  for (size_t a = 0; a < rule.spatial_axes.size(); ++a) {
    auto iv = RuleAxis(stage, OuterAxisName(rule, rule.spatial_axes[a]));
    if (!iv) return iv.error();
    std::vector<int64_t> f = splits.spatial[a];
    if (cache_write) f = {f[0], f[1], ProductFrom(f, 2)};
    auto levels = SplitLevels(sch, stage, *iv, f);
    if (!levels) return levels.error();
    spatial_levels.push_back(*levels);
  }
  auto level = [&](size_t l) {
    std::vector<ir::IterVar> out;
    for (const auto& lv : spatial_levels) out.push_back(lv[l]);
    return out;
  };
  s0 = level(0);
  s1 = level(1);
  if (cache_write) {
    std::vector<ir::IterVar> order = s0;
    for (const auto& group : {s1, level(2)}) order.insert(order.end(), group.begin(), group.end());
    if (Status st = schedule::Reorder(sch, stage, order); !st) return st;
  }
  const std::vector<int64_t>& vf = splits.spatial.back();
  // The accumulating stage's inner loops: S2 R1 S3 (and R0 before them).
  auto tile_inner = [&](const Stage& st, std::vector<ir::IterVar> outer_prefix,
                        bool split_spatial_in_two) -> Status {
    std::vector<ir::IterVar> r0, s2, r1, s3;
    for (size_t a = 0; a < rule.spatial_axes.size(); ++a) {
      const std::vector<int64_t>& f = splits.spatial[a];
      if (split_spatial_in_two) {
        // The cache stage's own axis, bounded by the attach point to f2 * f3.
        auto iv = st->find_iter_var(rule.spatial_axes[a] + ".c");
        if (!iv) return iv.error();
        auto parts = schedule::Split(sch, st, *iv, f[3]);
        if (!parts) return parts.error();
        s2.push_back(parts->first);
        s3.push_back(parts->second);
      } else {
        s2.push_back(spatial_levels[a][2]);
        s3.push_back(spatial_levels[a][3]);
      }
    }
    for (size_t r = 0; r < rule.reduce_axes.size(); ++r) {
      auto iv = st->find_iter_var(rule.reduce_axes[r]);
      if (!iv) return iv.error();
      auto levels = SplitLevels(sch, st, *iv, splits.reduce[r]);
      if (!levels) return levels.error();
      r0.push_back((*levels)[0]);
      r1.push_back((*levels)[1]);
    }
    std::vector<ir::IterVar> order = std::move(outer_prefix);
    for (const auto& group : {r0, s2, r1, s3})
      order.insert(order.end(), group.begin(), group.end());
    if (Status s = schedule::Reorder(sch, st, order); !s) return s;
    if (vf.back() > 1)
      if (Status s = schedule::Vectorize(sch, st, s3.back()); !s) return s;
    for (size_t a = 0; a + 1 < s3.size() && unroll >= 1; ++a)
      if (splits.spatial[a].back() > 1)
        if (Status s = schedule::Unroll(sch, st, s3[a]); !s) return s;
    for (size_t r = 0; r < r1.size() && unroll >= 2; ++r)
      if (splits.reduce[r].back() > 1)
        if (Status s = schedule::Unroll(sch, st, r1[r]); !s) return s;
    return ApplyPrefetch(sch, st, rule, d, r0, splits.reduce);
  };
  if (!cache_write) {
    std::vector<ir::IterVar> prefix = s0;
    prefix.insert(prefix.end(), s1.begin(), s1.end());
    if (Status st = tile_inner(stage, prefix, false); !st) return st;
  }
  // The strided producer in phases, per block of the attach axis's S1 loop.
  if (PhasesOn(sch, d, rule))
    if (Status st =
            ComputeInPhases(sch, rule, stage, s1[rule.phased.attach_axis], target.vector_lanes);
        !st)
      return st;
  auto fused = FuseAll(sch, stage, s0);
  if (!fused) return fused.error();
  if (Status st = schedule::Parallel(sch, stage, *fused); !st) return st;
  // Multiply-adds become FMAs (one rounding; within the oracle's tolerance).
  if (Status st = schedule::Pragma(sch, stage, *fused, "fp_contract"); !st) return st;
  if (ShiftedTapsOn(rule, d))
    if (Status st = schedule::Pragma(sch, stage, *fused, "shifted_taps"); !st) return st;
  if (cache_write) {
    // The copy-out loop: vectorized when the innermost tile is.
    if (ProductFrom(vf, 2) > 1)
      if (Status st = schedule::Vectorize(sch, stage, spatial_levels.back()[2]); !st) return st;
    if (Status st = schedule::ComputeAt(sch, compute, stage, s1.back()); !st) return st;
    if (Status st = tile_inner(compute, {}, true); !st) return st;
  }
  for (const auto& [copy, where] : packs) {
    ir::IterVar at = where == 1 ? *fused : s1.back();
    if (Status st = schedule::ComputeAt(sch, copy, stage, at); !st) return st;
    if (!copy->leaf_iter_vars.empty())
      if (Status st = schedule::Vectorize(sch, copy, copy->leaf_iter_vars.back()); !st) return st;
  }
  if (block_panels)
    if (Status st = schedule::ComputeAt(sch, *block_panels, stage,
                                        PanelAttachLoop(rule, splits, *fused, s1));
        !st)
      return st;
  return Status::Ok();
}

}  // namespace

const ScheduleRule& TileRule() {
  static const TileRuleImpl rule{};
  return rule;
}

}  // namespace tessera::tune
