#include "tune/DesignSpace.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/Primitives.h"
#include "tune/AttachRule.h"
#include "te/Operation.h"
#include "te/Scan.h"
#include "transform/LowerSchedule.h"

namespace tessera::tune {

using schedule::Schedule;
using schedule::Stage;

namespace {

constexpr int kTileLevels = 4;    // S0 S1 S2 S3
constexpr int kReduceLevels = 2;  // R0 R1
constexpr int64_t kMaxReduceInner = 64;

std::vector<int64_t> Divisors(int64_t n) {
  std::vector<int64_t> out;
  for (int64_t d = 1; d <= n; ++d)
    if (n % d == 0) out.push_back(d);
  return out;
}

template <typename T>
const T& Pick(const std::vector<T>& items, std::mt19937_64& rng) {
  return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(rng)];
}

const te::ComputeOpNode* AsCompute(const te::Operation& op) {
  return dynamic_cast<const te::ComputeOpNode*>(op.get());
}

Result<int64_t> ConstantExtent(const ir::IterVar& iv, const std::string& stage) {
  const int64_t* e = ir::as_const_int(iv->dom.extent);
  if (!e || *e < 1)
    return Error("tune: stage " + stage + ": axis " + iv->var.name() +
                 " has no constant extent (bind shape variables to tune a symbolic workload)");
  return *e;
}

// Placeholders `op` reads directly with at least two dimensions: packing candidates.
std::vector<std::string> PackableInputs(const te::ComputeOpNode& op) {
  std::vector<std::string> out;
  for (const te::Tensor& t : op.InputTensors())
    if (t.op()->kind() == te::OpKind::Placeholder && t.ndim() >= 2) out.push_back(t.op()->name);
  return out;
}

std::string TileKnob(const std::string& stage, const std::string& axis) { return stage + ".tile." + axis; }

Knob SplitKnob(std::string name, int64_t extent, int parts) {
  Knob k;
  k.name = std::move(name);
  k.kind = Knob::Kind::Split;
  k.extent = extent;
  k.parts = parts;
  return k;
}

Knob ChoiceKnob(std::string name, std::vector<int64_t> choices) {
  Knob k;
  k.name = std::move(name);
  k.choices = std::move(choices);
  return k;
}

// The packable input whose last index moves with the innermost spatial axis, and the
// spatial axes its indices use (StageRule::streamed, streamed_axes).
void FindStreamedOperand(const te::ComputeOpNode& op, StageRule* rule) {
  if (op.axis.empty()) return;
  const ir::Var inner = op.axis.back()->var;
  te::ForEachTensorLoad(op.body, [&](const te::Tensor& t, const std::vector<ir::Expr>& indices) {
    if (indices.empty() || !rule->streamed.empty()) return;
    const std::string& name = t.op()->name;
    if (std::find(rule->packable.begin(), rule->packable.end(), name) == rule->packable.end()) return;
    if (!ir::UsesVar(indices.back(), inner)) return;
    rule->streamed = name;
    for (const ir::IterVar& iv : op.axis)
      for (const ir::Expr& index : indices)
        if (ir::UsesVar(index, iv->var)) {
          rule->streamed_axes.push_back(iv->var.name());
          break;
        }
  });
}

}  // namespace

const char* rule_kind_name(StageRule::Kind kind) {
  switch (kind) {
    case StageRule::Kind::Inline: return "inline";
    case StageRule::Kind::Tile: return "tile";
    case StageRule::Kind::Spatial: return "spatial";
    case StageRule::Kind::Attach: return "attach";
    case StageRule::Kind::Root: return "root";
  }
  return "?";
}

void DesignSpace::AddKnob(Knob k) {
  knob_index_[k.name] = knobs_.size();
  knobs_.push_back(std::move(k));
}

Result<DesignSpace> DesignSpace::FromScriptKnobs(const std::string& source, const std::string& file,
                                                const TargetInfo& target) {
  // Evaluated as the fallback for the target's vector width: a template that sizes its
  // splits from get_simd_32bit_lanes() gives its default for this target, the first seed.
  auto evaluated = script::EvaluateTunableScript(source, file, {}, target.vector_lanes);
  if (!evaluated) return evaluated.error();
  if (evaluated->knobs.empty()) return Error("tune: the script defines no knob (cfg.define_*)");
  if (!evaluated->program.schedule) return Error("tune: the script creates no schedule (te.create_schedule)");
  DesignSpace space;
  space.outputs_ = evaluated->program.schedule->outputs;
  space.target_ = target;
  space.script_source_ = source;
  space.script_file_ = file;
  for (const script::ScriptKnob& sk : evaluated->knobs) {
    space.script_default_.values[sk.name] = sk.value;
    if (sk.kind == script::ScriptKnob::Kind::Split) {
      Knob k = SplitKnob(sk.name, sk.extent, sk.parts);
      k.innermost_max = sk.max_factor;
      space.AddKnob(k);
      continue;
    }
    std::vector<int64_t> indices(sk.choices.size());
    for (size_t i = 0; i < indices.size(); ++i) indices[i] = static_cast<int64_t>(i);
    space.AddKnob(ChoiceKnob(sk.name, indices));
  }
  return space;
}

Result<DesignSpace> DesignSpace::Generate(const std::vector<te::Operation>& outputs,
                                          const TargetInfo& target) {
  auto sch = schedule::create_schedule(outputs);
  if (!sch) return sch.error();
  DesignSpace space;
  space.outputs_ = outputs;
  space.target_ = target;
  const bool single_output = outputs.size() == 1;
  bool output_is_spatial = false;
  // A reduction whose only reader is the element-wise output (through inlinable relays)
  // is tiled with that output as its epilogue (EpilogueRule.h); the first one found.
  std::optional<Epilogue> epilogue;
  std::string epilogue_of;
  if (single_output) {
    std::set<std::string> inlinable;
    for (const Stage& st : sch->stages) {
      const te::ComputeOpNode* op = AsCompute(st->op);
      if (op && !st->is_output && !op->is_reduction()) inlinable.insert(st->name());
    }
    for (const Stage& st : sch->stages) {
      const te::ComputeOpNode* op = AsCompute(st->op);
      if (!op || st->is_output || !op->is_reduction()) continue;
      epilogue = FindEpilogue(*sch, st->op, outputs.front(), inlinable);
      if (epilogue) {
        epilogue_of = st->name();
        break;
      }
    }
  }
  auto is_relay = [&](const std::string& name) {
    return epilogue && std::find(epilogue->relays.begin(), epilogue->relays.end(), name) != epilogue->relays.end();
  };
  // A scan's init and update stages run inside the scan's time loop: never inlined or
  // moved (every such sample was refused by the primitives, hundreds per run).
  std::set<std::string> scan_parts;
  for (const Stage& st : sch->stages)
    if (auto* scan = dynamic_cast<const te::ScanOpNode*>(st->op.get()))
      for (const auto* parts : {&scan->init, &scan->update})
        for (const te::Tensor& t : *parts) scan_parts.insert(t.op()->name);
  for (const Stage& st : sch->stages) {
    const te::ComputeOpNode* op = AsCompute(st->op);
    if (!op || scan_parts.count(st->name())) continue;
    if (epilogue && st->name() == epilogue->output) continue;  // its loops are the tile's
    StageRule rule;
    rule.stage = st->name();
    for (const ir::IterVar& iv : op->axis) rule.spatial_axes.push_back(iv->var.name());
    for (const ir::IterVar& iv : op->reduce_axis) rule.reduce_axes.push_back(iv->var.name());
    if (op->num_outputs() != 1) {
      // Several outputs (a tuple reducer such as argmax): no tiling rule covers them; the
      // stage stays whole, in parallel over its outer axis (a Root rule without knobs).
      space.rules_.push_back(std::move(rule));
      continue;
    }
    std::vector<int64_t> extents;
    for (const ir::IterVar& iv : op->axis) {
      auto e = ConstantExtent(iv, st->name());
      if (!e) return e.error();
      extents.push_back(*e);
    }
    std::vector<int64_t> reduce_extents;
    for (const ir::IterVar& iv : op->reduce_axis) {
      auto e = ConstantExtent(iv, st->name());
      if (!e) return e.error();
      reduce_extents.push_back(*e);
    }
    const int lanes = target.vector_lanes;
    if ((st->is_output || st->name() == epilogue_of) && op->is_reduction()) {
      rule.kind = StageRule::Kind::Tile;
      if (st->name() == epilogue_of) rule.epilogue = *epilogue;
      rule.packable = PackableInputs(*op);
      FindStreamedOperand(*op, &rule);
      for (size_t a = 0; a < extents.size(); ++a) {
        Knob k = SplitKnob(TileKnob(st->name(), rule.spatial_axes[a]), extents[a], kTileLevels);
        const bool innermost = a + 1 == extents.size();
        k.innermost_multiple = innermost && extents[a] % lanes == 0 ? lanes : 1;
        k.innermost_max = innermost ? 4 * lanes : target.vector_registers;
        k.ragged_innermost = !innermost;  // register rows: vectors stay whole, rows may not divide
        space.AddKnob(k);
      }
      for (size_t r = 0; r < reduce_extents.size(); ++r) {
        Knob k = SplitKnob(TileKnob(st->name(), rule.reduce_axes[r]), reduce_extents[r], kReduceLevels);
        k.innermost_max = kMaxReduceInner;
        space.AddKnob(k);
      }
      space.AddKnob(ChoiceKnob(st->name() + ".unroll", {0, 1, 2}));
      space.AddKnob(ChoiceKnob(st->name() + ".cache_write",
                               rule.epilogue.output.empty() ? std::vector<int64_t>{0, 1} : std::vector<int64_t>{1}));
      // With an epilogue the accumulator is cache_write's stage, where ApplyTile offers
      // no packing (the ChannelTile variant packs its operand itself).
      for (const std::string& p : rule.packable)
        if (rule.epilogue.output.empty()) space.AddKnob(ChoiceKnob(st->name() + ".pack." + p, {0, 1, 2}));
      // Or vectorized along an output axis the other operand is invariant along (ChannelTile.h).
      rule.channel = FindChannelAxis(*op, rule.packable, extents, lanes);
      if (rule.channel.defined()) {
        const size_t a =
            std::find(rule.spatial_axes.begin(), rule.spatial_axes.end(), rule.channel.axis) -
            rule.spatial_axes.begin();
        for (Knob& k : ChannelKnobs(st->name(), rule.channel, extents[a], extents.back(), target))
          space.AddKnob(std::move(k));
      }
    } else if (st->is_output) {
      rule.kind = StageRule::Kind::Spatial;
      output_is_spatial = single_output;
      for (size_t a = 0; a < extents.size(); ++a) {
        const bool innermost = a + 1 == extents.size();
        // The innermost axis: parallel part, serial part, vector (at most 4 vectors).
        Knob k = SplitKnob(TileKnob(st->name(), rule.spatial_axes[a]), extents[a], innermost ? 3 : 2);
        k.innermost_multiple = innermost && extents[a] % lanes == 0 ? lanes : 1;
        k.innermost_max = innermost ? 4 * lanes : 0;
        space.AddKnob(k);
      }
    } else if (!op->is_reduction()) {
      rule.kind = StageRule::Kind::Inline;
      space.AddKnob(ChoiceKnob(st->name() + ".inline",
                               is_relay(st->name()) ? std::vector<int64_t>{1} : std::vector<int64_t>{1, 0}));
    } else {
      rule.kind = StageRule::Kind::Root;  // may become Attach below, once the output is known
      // A reduction over its innermost axis is one dependency chain of scalars: rfactor
      // into one or two vectors of partial results (the vectorized lane axis innermost),
      // combined afterwards (softmax_fast.py's structure). 0: reduce as written.
      const int64_t last = reduce_extents.empty() ? 0 : reduce_extents.back();
      std::vector<int64_t> partials;
      for (int64_t p : {2 * lanes, lanes})
        if (last >= 2 * p && last % p == 0) partials.push_back(p);
      if (!partials.empty()) {
        partials.push_back(0);
        space.AddKnob(ChoiceKnob(st->name() + ".rfactor", partials));
      }
    }
    space.rules_.push_back(std::move(rule));
  }
  if (space.rules_.empty() && !scan_parts.empty())
    return Error("tune: nothing to tune: the workload's compute stages are a scan's init and update, "
                 "which stay inside the scan's time loop");
  if (space.rules_.empty()) return Error("tune: the workload has no compute stage to schedule");
  // Reductions left at the root may be computed inside a consumer over the same rows
  // (AttachRule.h): the element-wise output first, then other such reductions.
  std::vector<te::Operation> consumers, reductions;
  std::set<std::string> inlined;
  for (const Stage& st : sch->stages)
    for (const StageRule& r : space.rules_)
      if (r.stage == st->name()) {
        if (r.kind == StageRule::Kind::Inline) inlined.insert(r.stage);
        if (r.kind == StageRule::Kind::Root) reductions.push_back(st->op);
        if ((r.kind == StageRule::Kind::Spatial && output_is_spatial) || r.kind == StageRule::Kind::Root)
          consumers.push_back(st->op);
      }
  std::stable_partition(consumers.begin(), consumers.end(),
                        [&](const te::Operation& op) { return op->name == outputs.front()->name; });
  for (StageRule& r : space.rules_) {
    if (r.kind != StageRule::Kind::Root) continue;
    const Stage st = sch->find(r.stage);
    r.attach_to = AttachConsumers(st->op, consumers, inlined, output_is_spatial ? outputs.front()->name : "");
    if (r.attach_to.empty()) continue;
    r.kind = StageRule::Kind::Attach;
    r.attach_rows = r.spatial_axes.size();
    r.attach_readers = ReadersOf(st->op, reductions, inlined);
    std::vector<int64_t> choices;
    for (size_t c = 1; c <= r.attach_to.size(); ++c) choices.push_back(static_cast<int64_t>(c));
    choices.push_back(0);
    space.AddKnob(ChoiceKnob(AttachKnob(r.stage), choices));
  }
  return space;
}

std::vector<int64_t> DesignSpace::SampleKnob(const Knob& k, std::mt19937_64& rng) const {
  if (k.kind == Knob::Kind::Choice) return {Pick(k.choices, rng)};
  std::vector<int64_t> all = Divisors(k.extent);
  std::vector<int64_t> inner;
  for (int64_t d : all)
    if (d % k.innermost_multiple == 0 && (k.innermost_max <= 0 || d <= k.innermost_max)) inner.push_back(d);
  if (inner.empty()) inner = {k.innermost_multiple <= k.extent && k.extent % k.innermost_multiple == 0
                                  ? k.innermost_multiple : 1};
  // Priors (Ansor samples tiles uniformly and leaves the rest to the model; with a few
  // dozen trials a prior matters): half of the samples keep the middle spatial level
  // (S2) and the inner reduction level (R1) at 1 or small, the structure of hand-written
  // CPU kernels (register tile inside the whole reduction loop).
  std::bernoulli_distribution coin(0.5);
  std::vector<int64_t> factors(k.parts, 1);
  if (k.parts == kReduceLevels && k.innermost_multiple == 1 && coin(rng)) {
    std::vector<int64_t> small;
    for (int64_t d : inner)
      if (d <= 8) small.push_back(d);
    factors[1] = Pick(small.empty() ? inner : small, rng);
  } else {
    factors[k.parts - 1] = Pick(inner, rng);
  }
  // Ragged register rows (a quarter of the samples): any count up to the bound that is
  // not a divisor, on axes long enough that the peeled partial tile is a small part.
  if (k.ragged_innermost && std::bernoulli_distribution(0.25)(rng)) {
    std::vector<int64_t> ragged;
    for (int64_t r = 2; r <= k.innermost_max && 8 * r <= k.extent; ++r)
      if (k.extent % r != 0) ragged.push_back(r);
    if (!ragged.empty()) factors[k.parts - 1] = Pick(ragged, rng);
  }
  int64_t rest = (k.extent + factors[k.parts - 1] - 1) / factors[k.parts - 1];
  for (int level = k.parts - 2; level >= 1; --level) {
    factors[level] = level == 2 && coin(rng) ? 1 : Pick(Divisors(rest), rng);
    rest /= factors[level];
  }
  factors[0] = rest;
  return factors;
}

bool DesignSpace::RegisterTileFits(const Decisions& d) const {
  for (const StageRule& rule : rules_) {
    if (rule.kind != StageRule::Kind::Tile) continue;
    if (ChannelTileOn(d, rule)) {
      if (!ChannelTileFits(d, rule, TileExtents(rule), target_)) return false;
      continue;
    }
    int64_t accumulators = 1;
    for (size_t a = 0; a < rule.spatial_axes.size(); ++a) {
      const auto& f = d.values.at(TileKnob(rule.stage, rule.spatial_axes[a]));
      const bool innermost = a + 1 == rule.spatial_axes.size();
      accumulators *= innermost ? (f.back() + target_.vector_lanes - 1) / target_.vector_lanes : f.back();
    }
    // Room for the operands: one vector of the streamed operand and a broadcast, plus one spare.
    if (accumulators > target_.vector_registers - 3) return false;
  }
  return ParallelEnough(d);
}

std::vector<int64_t> DesignSpace::TileExtents(const StageRule& rule) const {
  std::vector<int64_t> extents;
  for (const std::string& axis : rule.spatial_axes) extents.push_back(knob(TileKnob(rule.stage, axis)).extent);
  return extents;
}

bool DesignSpace::ParallelEnough(const Decisions& d) const {
  // The fused outer loops are the parallel loop: at least one iteration per core
  // (when the stage has that many outer iterations at all).
  for (const StageRule& rule : rules_) {
    if (rule.kind != StageRule::Kind::Tile && rule.kind != StageRule::Kind::Spatial) continue;
    if (ChannelTileOn(d, rule)) continue;  // ChannelTileFits checked its parallel loop
    int64_t outer = 1, total = 1;
    for (const std::string& axis : rule.spatial_axes) {
      const auto& f = d.values.at(TileKnob(rule.stage, axis));
      outer *= f.front();
      for (int64_t factor : f) total *= factor;
    }
    if (outer < std::min<int64_t>(target_.cores, total)) return false;
  }
  return AttachFits(d);
}

// The attach point of a reduction at the output is the output's fused outer loop: an
// outer factor above 1 on an axis the reduction does not use would compute every row's
// reduction again for each block of that axis.
bool DesignSpace::AttachFits(const Decisions& d) const {
  for (const StageRule& rule : rules_) {
    if (rule.kind != StageRule::Kind::Attach) continue;
    const int64_t at = d.values.at(AttachKnob(rule.stage))[0];
    if (at == 0) continue;
    if (!ReadersAttached(rule, d)) return false;
    const StageRule* consumer = nullptr;
    for (const StageRule& r : rules_)
      if (r.stage == rule.attach_to[at - 1] && r.kind == StageRule::Kind::Spatial) consumer = &r;
    if (!consumer) continue;
    for (size_t a = rule.attach_rows; a < consumer->spatial_axes.size(); ++a)
      if (d.values.at(TileKnob(consumer->stage, consumer->spatial_axes[a])).front() != 1) return false;
  }
  return true;
}

// Whether every other reduction reading `rule`'s stage is attached too (at the root, it
// would read the attached stage outside the loop that computes it).
bool DesignSpace::ReadersAttached(const StageRule& rule, const Decisions& d) const {
  const std::string& at = rule.attach_to[d.values.at(AttachKnob(rule.stage))[0] - 1];
  for (const std::string& reader : rule.attach_readers) {
    if (reader == at) continue;
    auto it = d.values.find(AttachKnob(reader));
    if (it == d.values.end() || it->second[0] == 0) return false;
  }
  return true;
}

void DesignSpace::RepairAttach(Decisions* d) const {
  // Readers first (reverse program order): a reduction whose reader stays at the root
  // goes to the root as well.
  for (auto rule = rules_.rbegin(); rule != rules_.rend(); ++rule)
    if (rule->kind == StageRule::Kind::Attach && d->values.at(AttachKnob(rule->stage))[0] != 0 &&
        !ReadersAttached(*rule, *d))
      d->values.at(AttachKnob(rule->stage)) = {0};
  for (const StageRule& rule : rules_) {
    if (rule.kind != StageRule::Kind::Attach) continue;
    const int64_t at = d->values.at(AttachKnob(rule.stage))[0];
    if (at == 0) continue;
    for (const StageRule& r : rules_) {
      if (r.stage != rule.attach_to[at - 1] || r.kind != StageRule::Kind::Spatial) continue;
      for (size_t a = rule.attach_rows; a < r.spatial_axes.size(); ++a) {
        std::vector<int64_t>& f = d->values.at(TileKnob(r.stage, r.spatial_axes[a]));
        f[1] *= f[0];
        f[0] = 1;
      }
    }
  }
}

bool DesignSpace::Satisfies(const Decisions& d) const {
  if (d.values.size() != knobs_.size()) return false;
  for (const Knob& k : knobs_) {
    auto it = d.values.find(k.name);
    if (it == d.values.end()) return false;
    const std::vector<int64_t>& v = it->second;
    if (k.kind == Knob::Kind::Choice) {
      if (v.size() != 1 || std::find(k.choices.begin(), k.choices.end(), v[0]) == k.choices.end()) return false;
      continue;
    }
    if (static_cast<int>(v.size()) != k.parts) return false;
    int64_t outer = 1;
    for (int64_t f : v) {
      if (f < 1) return false;
    }
    for (size_t i = 0; i + 1 < v.size(); ++i) outer *= v[i];
    // The outer factors cover the extent exactly, or (ragged) its last partial tile too.
    const int64_t inner = v.back();
    const bool exact = k.extent % inner == 0 && outer == k.extent / inner;
    const bool ragged =
        k.ragged_innermost && inner < k.extent && outer == (k.extent + inner - 1) / inner;
    if (!exact && !ragged) return false;
  }
  return RegisterTileFits(d);
}

Decisions DesignSpace::Sample(std::mt19937_64& rng) const {
  Decisions d;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    for (const Knob& k : knobs_) d.values[k.name] = SampleKnob(k, rng);
    RepairAttach(&d);
    if (RegisterTileFits(d)) return d;
  }
  // Rare (tiny register files): the smallest register tile always fits.
  for (const Knob& k : knobs_)
    if (k.kind == Knob::Kind::Split && k.parts == kTileLevels && k.innermost_multiple == 1) {
      auto& f = d.values[k.name];
      if (k.extent % f.back() != 0) {  // ragged rows: the middle levels divided the covering count
        f.assign(f.size(), 1);
        f[0] = k.extent;
        continue;
      }
      f[0] *= f.back();
      f.back() = 1;
    }
  return d;
}

namespace {

// A register tile of a Tile stage: rows on one or two non-innermost axes (axis index ->
// rows) times `cols` of the innermost axis (vectorized).
struct RegisterTile {
  std::map<size_t, int64_t> rows;
  int64_t cols = 1;
  int64_t vectors = 1;
  int64_t Useful() const {
    int64_t n = cols;
    for (const auto& [axis, r] : rows) n *= r;
    return n;
  }
  // Loads per reduction step: one per vector of the streamed operand, one broadcast per
  // row. Useful lanes per load is what the FMA pipes can sustain (x86 loads 2-3 per
  // cycle, FMAs 2), so tiles are ranked by it.
  double LanesPerLoad() const {
    int64_t loads = vectors;
    int64_t n = 1;
    for (const auto& [axis, r] : rows) n *= r;
    return static_cast<double>(Useful()) / static_cast<double>(loads + (rows.empty() ? 0 : n));
  }
};

// ceil(extent / tile): the outer factor of a split whose tile need not divide the extent.
int64_t TilesCovering(int64_t extent, int64_t tile) { return (extent + tile - 1) / tile; }

// The register tiles that fill the target's vector registers: for every column count
// (a divisor of the innermost extent filling whole vectors, or at least half a vector
// when the extent is not a multiple of the width; at most 4 vectors), as many rows on
// one axis, or on two, as leave room for the operands: RegisterTileFits' budget, and the
// accumulators plus the row's operand vectors plus a broadcast within the register file
// (AVX2's 3 x 32 tile = 12 + 4 + 1 ymm spills). Rows on one axis may be ragged (not a
// divisor: the last tile is peeled) when that fits more accumulators — 1024 rows x 2 ymm
// get 6 rows (12 accumulators) where the divisors stop at 4 (8): 8 accumulators cannot
// cover the FMA latency of 2 pipes (4-5 cycles) with any slack.
std::vector<RegisterTile> RegisterTiles(const std::vector<int64_t>& extents, const TargetInfo& target) {
  const size_t n = extents.size();
  const int64_t lanes = target.vector_lanes, budget = target.vector_registers - 3;
  const int64_t inner = extents.back();
  std::vector<RegisterTile> tiles;
  for (int64_t cols : Divisors(inner)) {
    if (cols > 4 * lanes) break;
    const bool whole = cols % lanes == 0;
    const bool partial = inner % lanes != 0 && (2 * cols >= lanes || cols == inner);
    if (!whole && !partial) continue;
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
          if (rb >= 2 && (two.rows.empty() || ra * rb > two.rows[a] * two.rows[b])) two.rows = {{a, ra}, {b, rb}};
        }
        if (!two.rows.empty()) tiles.push_back(two);
      }
    }
  }
  // The most useful lanes per load first (partial vectors waste lanes; one broadcast per
  // column vector is load-bound), then per FMA step; ties keep the order above (fewer
  // columns, more rows first).
  std::stable_sort(tiles.begin(), tiles.end(), [](const RegisterTile& x, const RegisterTile& y) {
    if (x.LanesPerLoad() != y.LanesPerLoad()) return x.LanesPerLoad() > y.LanesPerLoad();
    return x.Useful() > y.Useful();
  });
  if (tiles.size() > 4) tiles.resize(4);
  return tiles;
}

// The factors of a 4-level spatial split, outer first.
std::vector<int64_t> Split4(int64_t s0, int64_t s1, int64_t s2, int64_t s3) { return {s0, s1, s2, s3}; }

}  // namespace

Decisions DesignSpace::BaseDecisions() const {
  Decisions d;
  for (const Knob& k : knobs_) {
    if (k.kind == Knob::Kind::Choice) {
      d.values[k.name] = {k.choices.front()};
      continue;
    }
    std::vector<int64_t> f(k.parts, 1);
    f[0] = k.extent;
    d.values[k.name] = f;
  }
  return d;
}

std::vector<Decisions> DesignSpace::Seeds() const {
  if (from_script()) return Satisfies(script_default_) ? std::vector<Decisions>{script_default_} : std::vector<Decisions>{};
  const Decisions base = BaseDecisions();
  std::vector<Decisions> all;
  for (const StageRule& rule : rules_) {
    if (rule.kind == StageRule::Kind::Tile) {
      AddChannelSeeds(rule, base, TileExtents(rule), target_, &all);
      AddTileSeeds(rule, base, &all);
    }
    else if (rule.kind == StageRule::Kind::Spatial) AddSpatialSeeds(rule, base, &all);
  }
  std::vector<Decisions> out;
  std::set<Decisions> seen;
  for (Decisions& d : all)
    if (Satisfies(d) && seen.insert(d).second) out.push_back(std::move(d));
  return out;
}

void DesignSpace::AddTileSeeds(const StageRule& rule, const Decisions& base, std::vector<Decisions>* out) const {
  const size_t n = rule.spatial_axes.size();
  if (n == 0) return;
  std::vector<int64_t> extents;
  for (const std::string& axis : rule.spatial_axes) extents.push_back(knob(TileKnob(rule.stage, axis)).extent);
  auto set_axis = [&](Decisions& d, size_t a, std::vector<int64_t> f) {
    d.values[TileKnob(rule.stage, rule.spatial_axes[a])] = std::move(f);
  };
  // The last reduction axis split for an unrolled inner step of u (when it divides).
  auto unroll_reduction = [&](Decisions& d) {
    if (rule.reduce_axes.empty()) return;
    const std::string name = TileKnob(rule.stage, rule.reduce_axes.back());
    const int64_t e = knob(name).extent, u = LargestDivisorAtMost(e, 4);
    if (u < 2) return;
    d.values[name] = {e / u, u};
    d.values[rule.stage + ".unroll"] = {2};
  };
  const bool has_streamed = !rule.streamed.empty();
  for (const RegisterTile& tile : RegisterTiles(extents, target_)) {
    const size_t inner = n - 1;
    const int64_t cols = tile.cols, inner_extent = extents[inner];
    bool panel_ok = has_streamed;  // a panel of the streamed operand is independent of the rows
    for (const auto& [axis, r] : tile.rows)
      if (std::find(rule.streamed_axes.begin(), rule.streamed_axes.end(), rule.spatial_axes[axis]) !=
          rule.streamed_axes.end())
        panel_ok = false;
    Decisions start = base;
    start.values[rule.stage + ".unroll"] = {1};
    for (size_t a = 0; a < inner; ++a) set_axis(start, a, Split4(1, extents[a], 1, 1));
    // 1. Panel: the parallel loop runs over column panels of the streamed operand, packed
    //    once per panel (contiguous rows of `cols` floats); rows of mr inside it; the
    //    register tile inside the whole reduction (gemm_fast.py's structure).
    if (panel_ok) {
      Decisions d = start;
      set_axis(d, inner, Split4(inner_extent / cols, 1, 1, cols));
      for (const auto& [axis, r] : tile.rows)
        set_axis(d, axis, Split4(1, TilesCovering(extents[axis], r), 1, r));
      d.values[rule.stage + ".pack." + rule.streamed] = {1};
      out->push_back(d);
      // A wider panel (up to 4 register tiles side by side, S2): each row sliver of the
      // other operand (rows x reduction, in L1) serves all of them before the next, so
      // that operand streams from the outer caches a quarter as often. The reductions are
      // whole inside S2 (R1; with R0 > 1 the loop order S0 S1 R0 S2 R1 S3 would put S2
      // inside the reduction and reload the accumulators at every step).
      const int64_t wide = LargestDivisorAtMost(inner_extent / cols, 4);
      if (wide > 1) {
        Decisions w = d;
        set_axis(w, inner, Split4(inner_extent / (cols * wide), 1, wide, cols));
        for (const std::string& axis : rule.reduce_axes) {
          const std::string name = TileKnob(rule.stage, axis);
          w.values[name] = {1, knob(name).extent};
        }
        out->push_back(w);
      }
      unroll_reduction(d);
      out->push_back(d);
    }
    // 2. Rows: the parallel loop runs over blocks of the first row axis, the register
    //    tile inside all reductions (conv2d_fast.py's structure).
    {
      Decisions d = start;
      set_axis(d, inner, Split4(1, inner_extent / cols, 1, cols));
      bool first = true;
      for (const auto& [axis, r] : tile.rows) {
        const int64_t q = TilesCovering(extents[axis], r);
        set_axis(d, axis, first ? Split4(q, 1, 1, r) : Split4(1, q, 1, r));
        first = false;
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
      d.values[rule.stage + ".cache_write"] = {1};
      const int64_t bn = cols * LargestDivisorAtMost(inner_extent / cols, std::max<int64_t>(1, 64 / cols));
      const auto& [row_axis, r] = *tile.rows.begin();
      const int64_t q = TilesCovering(extents[row_axis], r);
      const int64_t bm =
          LargestDivisorAtMost(q, std::max<int64_t>(1, 32 / r));  // register tiles per block
      set_axis(d, inner, Split4(inner_extent / bn, 1, bn / cols, cols));
      set_axis(d, row_axis, Split4(q / bm, 1, bm, r));
      for (const auto& [axis, rows] : tile.rows)
        if (axis != row_axis)
          set_axis(d, axis, Split4(1, TilesCovering(extents[axis], rows), 1, rows));
      unroll_reduction(d);
      out->push_back(d);
    }
  }
}

void DesignSpace::AddSpatialSeeds(const StageRule& rule, const Decisions& base, std::vector<Decisions>* out) const {
  const size_t n = rule.spatial_axes.size();
  if (n == 0) return;
  const std::string inner = TileKnob(rule.stage, rule.spatial_axes.back());
  const Knob& k = knob(inner);
  for (int64_t vectors : {2, 4}) {
    Decisions d = base;
    int64_t v = k.innermost_multiple > 1 ? LargestDivisorAtMost(k.extent / k.innermost_multiple, vectors) *
                                               k.innermost_multiple
                                         : LargestDivisorAtMost(k.extent, vectors * target_.vector_lanes);
    // A 1-D output is its own parallel loop: some dozens of chunks.
    int64_t outer = n == 1 ? LargestDivisorAtMost(k.extent / v, 16 * target_.cores) : 1;
    d.values[inner] = {outer, k.extent / v / outer, v};
    out->push_back(d);
    // The reductions attached inside (the base's first choice) with partials of one
    // vector instead of two: fewer registers and a shorter combine, fewer chains.
    bool any = false;
    for (const StageRule& r : rules_)
      if (auto it = d.values.find(r.stage + ".rfactor"); it != d.values.end()) {
        const Knob& rk = knob(it->first);
        if (rk.choices.size() > 2) it->second = {rk.choices[1]};
        any = true;
      }
    if (any) out->push_back(d);
  }
}

Decisions DesignSpace::Mutate(const Decisions& d, std::mt19937_64& rng) const {
  if (knobs_.empty()) return d;
  for (int attempt = 0; attempt < 50; ++attempt) {
    Decisions m = d;
    const Knob& k = Pick(knobs_, rng);
    m.values[k.name] = SampleKnob(k, rng);
    if (!from_script()) RepairAttach(&m);
    if (!(m == d) && Satisfies(m)) return m;
  }
  return d;
}

std::string DesignSpace::Describe(const Decisions& d) {
  std::ostringstream out;
  for (const auto& [name, values] : d.values) {
    out << name << "=";
    for (size_t i = 0; i < values.size(); ++i) out << (i ? "x" : "") << values[i];
    out << "\n";
  }
  return out.str();
}

Result<Schedule> DesignSpace::Apply(const Decisions& d) const {
  if (!Satisfies(d)) return Error("tune: the decisions do not fit the design space:\n" + Describe(d));
  if (from_script()) {
    auto evaluated = script::EvaluateTunableScript(script_source_, script_file_, d.values);
    if (!evaluated) return evaluated.error();
    return evaluated->program.schedule->copy();
  }
  auto sch = schedule::create_schedule(outputs_);
  if (!sch) return sch.error();
  // Inline first (the tiled stages then read through them), outputs next (their loops
  // are where the attached reductions go), then the rest in producer order.
  for (StageRule::Kind pass : {StageRule::Kind::Inline, StageRule::Kind::Tile, StageRule::Kind::Spatial})
    for (const StageRule& rule : rules_)
      if (rule.kind == pass)
        if (Status st = ApplyRule(*sch, rule, d); !st) return st.error();
  // The other reductions consumers first (reverse program order): a reduction attaches at
  // a loop of a consumer that already has its final loops.
  for (auto rule = rules_.rbegin(); rule != rules_.rend(); ++rule)
    if (rule->kind == StageRule::Kind::Attach || rule->kind == StageRule::Kind::Root)
      if (Status st = ApplyRule(*sch, *rule, d); !st) return st.error();
  return std::move(sch.value());
}

Result<ValidCandidate> DesignSpace::Validate(const Decisions& d, const std::vector<te::Tensor>& args) const {
  if (from_script()) {
    // The script's evaluation made tensors of its own: lower with its arguments.
    if (!Satisfies(d)) return Error("tune: the decisions do not fit the design space:\n" + Describe(d));
    auto evaluated = script::EvaluateTunableScript(script_source_, script_file_, d.values);
    if (!evaluated) return evaluated.error();
    schedule::Schedule sch = evaluated->program.schedule->copy();
    auto lowered = transform::LowerSchedule(sch, evaluated->program.Arguments(), "llvm", "main",
                                            evaluated->program.ScalarParameters());
    if (!lowered) return lowered.error();
    return ValidCandidate{std::move(sch), std::move(lowered->func)};
  }
  auto sch = Apply(d);
  if (!sch) return sch.error();
  auto lowered = transform::LowerSchedule(*sch, args, "llvm");
  if (!lowered) return lowered.error();
  return ValidCandidate{std::move(sch.value()), std::move(lowered->func)};
}

namespace {

// The leaf IterVar named `name` of `stage` (a root axis before any split).
Result<ir::IterVar> Axis(const Stage& stage, const std::string& name) { return stage->find_iter_var(name); }

// Splits `iv` into len(factors) loops with these extents (outer first; factors[0] is
// implied by the others).
Result<std::vector<ir::IterVar>> SplitLevels(Schedule& sch, const Stage& stage, ir::IterVar iv,
                                             const std::vector<int64_t>& factors) {
  std::vector<ir::IterVar> levels(factors.size());
  for (size_t level = factors.size() - 1; level >= 1; --level) {
    auto parts = schedule::Split(sch, stage, iv, factors[level]);
    if (!parts) return parts.error();
    levels[level] = parts->second;
    iv = parts->first;
  }
  levels[0] = iv;
  return levels;
}

Result<ir::IterVar> FuseAll(Schedule& sch, const Stage& stage, const std::vector<ir::IterVar>& vars) {
  if (vars.size() == 1) return vars.front();
  return schedule::Fuse(sch, stage, vars);
}

int64_t Product(const std::vector<int64_t>& v, size_t from) {
  int64_t p = 1;
  for (size_t i = from; i < v.size(); ++i) p *= v[i];
  return p;
}

// A stage left at the root: its two outermost axes fused and run on every core.
Status ParallelAtRoot(Schedule& sch, const Stage& stage) {
  std::vector<ir::IterVar> outer;
  for (const ir::IterVar& iv : stage->leaf_iter_vars)
    if (iv->iter_type == ir::IterVarType::DataPar && outer.size() < 2) outer.push_back(iv);
  if (outer.empty()) return Status::Ok();
  auto fused = FuseAll(sch, stage, outer);
  if (!fused) return fused.error();
  return schedule::Parallel(sch, stage, *fused);
}

}  // namespace

Status DesignSpace::ApplyRule(Schedule& sch, const StageRule& rule, const Decisions& d) const {
  Stage stage = sch.find(rule.stage);
  if (!stage) return Error("tune: no stage " + rule.stage);
  switch (rule.kind) {
    case StageRule::Kind::Inline:
      if (d.values.at(rule.stage + ".inline")[0] == 1) return schedule::ComputeInline(sch, stage);
      // The operand a ChannelTile broadcasts from is stored in the order its reads need.
      // Computed at that tile's chunk loop, it stays serial (ApplyChannelTile attaches it).
      for (const StageRule& tile : rules_)
        if (tile.kind == StageRule::Kind::Tile && tile.channel.broadcast == rule.stage && ChannelTileOn(d, tile)) {
          if (Status st = LayOutBroadcastProducer(sch, stage, tile.channel, target_); !st) return st;
          if (ChannelProducerAtChunk(sch, d, tile)) return Status::Ok();
        }
      return ParallelAtRoot(sch, stage);
    case StageRule::Kind::Tile: return ApplyTile(sch, rule, d);
    case StageRule::Kind::Spatial: return ApplySpatial(sch, rule, d);
    case StageRule::Kind::Attach:
    case StageRule::Kind::Root: {
      if (Status st = ApplyRfactor(sch, rule, d); !st) return st;
      stage = sch.find(rule.stage);
      const int64_t at = rule.kind == StageRule::Kind::Attach ? d.values.at(AttachKnob(rule.stage))[0] : 0;
      if (at > 0) {
        Stage consumer = sch.find(rule.attach_to[at - 1]);
        if (!consumer) return Error("tune: no stage " + rule.attach_to[at - 1] + " to attach " + rule.stage + " at");
        auto loop = AttachLoop(consumer);
        if (!loop) return loop.error();
        return schedule::ComputeAt(sch, stage, consumer, *loop);
      }
      // The first data-parallel loop (the op's first axis; rfactor keeps it first).
      for (const ir::IterVar& iv : stage->leaf_iter_vars)
        if (iv->iter_type == ir::IterVarType::DataPar) return schedule::Parallel(sch, stage, iv);
      return Status::Ok();
    }
  }
  return Status::Ok();
}

Status DesignSpace::ApplyRfactor(Schedule& sch, const StageRule& rule, const Decisions& d) const {
  auto it = d.values.find(rule.stage + ".rfactor");
  if (it == d.values.end() || it->second[0] == 0 || rule.reduce_axes.empty()) return Status::Ok();
  Stage stage = sch.find(rule.stage);
  auto k = Axis(stage, rule.reduce_axes.back());
  if (!k) return k.error();
  auto parts = schedule::Split(sch, stage, *k, it->second[0]);
  if (!parts) return parts.error();
  auto rf = schedule::RFactor(sch, stage, parts->second, 0);
  if (!rf) return rf.error();
  stage = sch.find(rule.stage);
  // The partials' stage: its other axes, then the remaining reduction, then the lane
  // axis (leaf 0) innermost and vectorized; computed where the combining stage needs it.
  const std::vector<ir::IterVar>& leaves = (*rf)->leaf_iter_vars;
  if (leaves.empty()) return Error("tune: rfactor of " + rule.stage + " left no loop");
  std::vector<ir::IterVar> order(leaves.begin() + 1, leaves.end());
  order.push_back(leaves.front());
  if (Status st = schedule::Reorder(sch, *rf, order); !st) return st;
  if (Status st = schedule::Vectorize(sch, *rf, order.back()); !st) return st;
  for (const ir::IterVar& iv : stage->leaf_iter_vars)
    if (iv->iter_type == ir::IterVarType::DataPar) return schedule::ComputeAt(sch, *rf, stage, iv);
  return Status::Ok();
}

Status DesignSpace::ApplySpatial(Schedule& sch, const StageRule& rule, const Decisions& d) const {
  Stage stage = sch.find(rule.stage);
  std::vector<ir::IterVar> outer, inner;
  for (const std::string& axis : rule.spatial_axes) {
    auto iv = Axis(stage, axis);
    if (!iv) return iv.error();
    auto levels = SplitLevels(sch, stage, *iv, d.values.at(TileKnob(rule.stage, axis)));
    if (!levels) return levels.error();
    outer.push_back((*levels)[0]);
    inner.insert(inner.end(), levels->begin() + 1, levels->end());  // innermost: serial, vector
  }
  std::vector<ir::IterVar> order = outer;
  order.insert(order.end(), inner.begin(), inner.end());
  if (Status st = schedule::Reorder(sch, stage, order); !st) return st;
  auto fused = FuseAll(sch, stage, outer);
  if (!fused) return fused.error();
  if (Status st = schedule::Parallel(sch, stage, *fused); !st) return st;
  // Multiply-adds become FMAs, in exp's polynomial too and in the reductions attached
  // inside this loop (softmax_fast.py's pragma; within the oracle's tolerance).
  if (Status st = schedule::Pragma(sch, stage, *fused, "fp_contract"); !st) return st;
  if (d.values.at(TileKnob(rule.stage, rule.spatial_axes.back())).back() > 1)
    return schedule::Vectorize(sch, stage, inner.back());
  return Status::Ok();
}

Status DesignSpace::ApplyTile(Schedule& sch, const StageRule& rule, const Decisions& d) const {
  if (ChannelTileOn(d, rule)) return ApplyChannelTile(sch, rule, d, target_);
  Stage stage = sch.find(rule.stage);
  const bool cache_write =
      !rule.epilogue.output.empty() || d.values.at(rule.stage + ".cache_write")[0] == 1;
  const int64_t unroll = d.values.at(rule.stage + ".unroll")[0];
  // Packing: copies of operands, made before the stage's loops change (cache_read keeps
  // the reader's IterVars). With cache_write the accumulator stage reads the operands
  // and sits inside the S1 loops (a copy attached to the output's loops would not be
  // read there: compute_at refuses it), so packing is not offered there.
  std::vector<std::pair<Stage, int64_t>> packs;
  for (const std::string& p : rule.packable) {
    if (cache_write) break;
    int64_t where = d.values.at(rule.stage + ".pack." + p)[0];
    if (where == 0) continue;
    auto copy = schedule::CacheRead(sch, sch.find(p), "global", {stage});
    if (!copy) return copy.error();
    packs.emplace_back(*copy, where);
  }
  Stage compute = stage;  // the stage that accumulates
  if (cache_write) {
    auto acc = MakeAccumulator(sch, rule);  // with an epilogue, its loops are the outer ones
    if (!acc) return acc.error();
    stage = acc->outer;
    compute = acc->local;
  }
  // The output's loops: S0 S1 (then S2 R... when it computes itself).
  std::vector<ir::IterVar> s0, s1, rest_outer;
  std::vector<std::vector<ir::IterVar>> spatial_levels;
  for (const std::string& axis : rule.spatial_axes) {
    auto iv = Axis(stage, OuterAxisName(rule, axis));
    if (!iv) return iv.error();
    std::vector<int64_t> f = d.values.at(TileKnob(rule.stage, axis));
    if (cache_write) f = {f[0], f[1], Product(f, 2)};
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
  // The accumulating stage's inner loops: S2 R1 S3 (and R0 before them).
  auto tile_inner = [&](const Stage& st, std::vector<ir::IterVar> outer_prefix,
                        bool split_spatial_in_two) -> Status {
    std::vector<ir::IterVar> r0, s2, r1, s3;
    for (size_t a = 0; a < rule.spatial_axes.size(); ++a) {
      const std::vector<int64_t>& f = d.values.at(TileKnob(rule.stage, rule.spatial_axes[a]));
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
    for (const std::string& axis : rule.reduce_axes) {
      auto iv = st->find_iter_var(axis);
      if (!iv) return iv.error();
      auto levels = SplitLevels(sch, st, *iv, d.values.at(TileKnob(rule.stage, axis)));
      if (!levels) return levels.error();
      r0.push_back((*levels)[0]);
      r1.push_back((*levels)[1]);
    }
    std::vector<ir::IterVar> order = std::move(outer_prefix);
    for (const auto& group : {r0, s2, r1, s3}) order.insert(order.end(), group.begin(), group.end());
    if (Status s = schedule::Reorder(sch, st, order); !s) return s;
    const auto& vf = d.values.at(TileKnob(rule.stage, rule.spatial_axes.back()));
    if (vf.back() > 1)
      if (Status s = schedule::Vectorize(sch, st, s3.back()); !s) return s;
    for (size_t a = 0; a + 1 < s3.size() && unroll >= 1; ++a)
      if (d.values.at(TileKnob(rule.stage, rule.spatial_axes[a])).back() > 1)
        if (Status s = schedule::Unroll(sch, st, s3[a]); !s) return s;
    for (size_t r = 0; r < r1.size() && unroll >= 2; ++r)
      if (d.values.at(TileKnob(rule.stage, rule.reduce_axes[r])).back() > 1)
        if (Status s = schedule::Unroll(sch, st, r1[r]); !s) return s;
    return Status::Ok();
  };
  if (!cache_write) {
    std::vector<ir::IterVar> prefix = s0;
    prefix.insert(prefix.end(), s1.begin(), s1.end());
    if (Status st = tile_inner(stage, prefix, false); !st) return st;
  }
  auto fused = FuseAll(sch, stage, s0);
  if (!fused) return fused.error();
  if (Status st = schedule::Parallel(sch, stage, *fused); !st) return st;
  // Multiply-adds become FMAs (one rounding; within the oracle's tolerance).
  if (Status st = schedule::Pragma(sch, stage, *fused, "fp_contract"); !st) return st;
  if (cache_write) {
    // The copy-out loop: vectorized when the innermost tile is.
    const auto& vf = d.values.at(TileKnob(rule.stage, rule.spatial_axes.back()));
    if (Product(vf, 2) > 1)
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
  return Status::Ok();
}

int64_t LargestDivisorAtMost(int64_t n, int64_t limit) {
  int64_t best = 1;
  for (int64_t d : Divisors(n))
    if (d <= limit) best = d;
  return best;
}

}  // namespace tessera::tune
