// DesignSpace: the schedules a tuner may pick from, generated from the workload alone
// (a te program without a schedule), in the spirit of Ansor's sketches and
// MetaSchedule's schedule rules. Each compute stage gets one rule:
//
//   inline     an element-wise stage read by others: compute_inline (or stays at root)
//   tile       a reduction that is an output: multi-level tiling "SSRSRS" for CPUs —
//              every spatial axis split in 4 levels, every reduce axis in 2, loop order
//              S0 S1 R0 S2 R1 S3; the S0 loops fused and parallel; the innermost S3 loop
//              vectorized (a multiple of the vector width); the other S3 loops (the
//              register tile) unrolled; optionally cache_write of the accumulator
//              (computed in "local" inside the S1 loops and copied out) and packing of
//              operands (cache_read into a contiguous buffer at the S0 or S1 loop)
//   spatial    an element-wise output: outer loops fused and parallel; the innermost
//              axis split in 3 (parallel part, serial part, vector), the vector part
//              vectorized (a multiple of the vector width, at most 4 vectors)
//   attach     a reduction read over the same rows by the element-wise output or by
//              another reduction (AttachRule.h): knob <stage>.attach — computed at the
//              consumer's outer loop (the output's fused parallel loop, a reduction's row
//              loop) or at the root; attached at the output, the output's other axes keep
//              their outer factor 1 (each row block's reductions are computed once)
//   root       anything else: its outermost axis parallel
//   channel    a tile reduction may instead vectorize along an output axis that one
//              operand is invariant along, the other packed (ChannelTile.h: conv2d
//              vectorized along output channels)
//   (attach and root reductions over an innermost axis of a multiple of the vector width
//   may be rfactor'ed into one or two vectors of partial results, vectorized)
//
// The register tile is sized for the target read at run time (TargetInfo): the
// innermost factor is a multiple of the vector width, and the accumulators of the
// register tile (rows x vectors) fit the vector registers with room for the operands.
//
// Seeds(): besides random samples, the space names its rule-derived starting points —
// the structures of hand-written CPU kernels (a packed operand panel per parallel
// column block with an mr x nr register tile inside the whole reduction; a register tile
// inside all reductions parallel over row blocks; a cache_write accumulator block with
// the reduction unrolled), with mr x nr derived from the target's vector width and
// register count, ranked by useful lanes per load (1024 rows, AVX2: 6x16 — rows ragged —,
// 4x16, 2x32, 13x8; AVX-512: 6x64, 4x64, 14x32, 8x32). The tuner measures them first and
// evolves from the best.
//
// A point of the space is a Decisions: one factor list per split, one value per knob.
// Apply() turns it into a schedule through the schedule primitives (their legality
// checks run); Validate() also lowers it, so an invalid sample is never measured.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "script/TuneConfig.h"
#include "support/Result.h"
#include "te/Tensor.h"
#include "transform/PrimFunc.h"
#include "tune/EpilogueRule.h"
#include "tune/ChannelTile.h"
#include "tune/TargetInfo.h"

namespace tessera::tune {

// A point that passed the primitives' checks and lowering: its schedule and the lowered
// function (the cost model's features come from it).
struct ValidCandidate {
  schedule::Schedule schedule;
  transform::PrimFunc func;
};

// The largest divisor of n that is at most limit (1 when none is).
int64_t LargestDivisorAtMost(int64_t n, int64_t limit);

// One tunable decision of the space.
struct Knob {
  enum class Kind : uint8_t {
    Split,   // an axis of `extent` split into `parts` factors (outer first), product == extent
    Choice,  // one of `choices`
  };
  std::string name;  // "C.tile.i", "C.unroll", "pad.inline", ...
  Kind kind = Kind::Choice;
  int64_t extent = 1;
  int parts = 1;
  int64_t innermost_multiple = 1;  // Split: the innermost factor is a multiple of this (when possible)
  int64_t innermost_max = 0;       // Split: the innermost factor's upper bound (0: none)
  // Split: the innermost factor need not divide the extent; the outer factors then cover
  // ceil(extent / innermost) and the lowering peels the last, partial tile. For register
  // rows: 1024 rows admit a 6-row tile (12 of AVX2's 16 ymm) where divisors stop at 4.
  bool ragged_innermost = false;
  std::vector<int64_t> choices;
};

// A point of the space: knob name -> factors (Split) or {value} (Choice).
struct Decisions {
  std::map<std::string, std::vector<int64_t>> values;
  bool operator==(const Decisions&) const = default;
  bool operator<(const Decisions& other) const { return values < other.values; }
};

// The rule chosen for one stage.
struct StageRule {
  enum class Kind : uint8_t { Inline, Tile, Spatial, Attach, Root };
  Kind kind = Kind::Root;
  std::string stage;
  std::vector<std::string> spatial_axes;  // the op's axes (names)
  std::vector<std::string> reduce_axes;
  std::vector<std::string> packable;      // Tile: placeholders it reads that may be packed
  // Tile: the packable input whose last index moves with the innermost spatial axis (the
  // operand the vectorized loop streams through, B of C = A x B; "" when none), and the
  // spatial axes its indices use (a panel of it is independent of the other axes).
  std::string streamed;
  std::vector<std::string> streamed_axes;
  // Tile: where the register tile may be vectorized along an output axis instead
  // (ChannelTile.h; knob <stage>.channel).
  ChannelAxis channel;
  // Tile: a reduction that is not the output but whose element-wise epilogue is
  // (EpilogueRule.h): the epilogue's loops carry the tiling; the accumulator is forced.
  Epilogue epilogue;
  std::vector<std::string> attach_to;     // Attach: knob value k >= 1 -> attach_to[k - 1]; 0: root
  size_t attach_rows = 0;                 // Attach: the stage's rank (the consumer's leading axes it uses)
  std::vector<std::string> attach_readers;  // Attach: the other reductions reading it (when it is
                                            // attached, so must they be: else it goes to the root)
};
const char* rule_kind_name(StageRule::Kind kind);

class DesignSpace {
 public:
  // The generated space of the program computing `outputs`, for `target`. Errors: no
  // compute stage, a symbolic (non-constant) extent, an op with several outputs.
  static Result<DesignSpace> Generate(const std::vector<te::Operation>& outputs, const TargetInfo& target);
  // The space of a script's own knobs (script/TuneConfig.h: cfg.define_split/knob/reorder):
  // exactly those knobs, named as the script names them; a point is applied by evaluating
  // the script with its values. Errors: the script defines no knob.
  static Result<DesignSpace> FromScriptKnobs(const std::string& source, const std::string& file,
                                             const TargetInfo& target);
  bool from_script() const { return !script_source_.empty(); }

  const std::vector<Knob>& knobs() const { return knobs_; }
  const std::vector<StageRule>& rules() const { return rules_; }
  const TargetInfo& target() const { return target_; }

  // A random point satisfying every constraint.
  Decisions Sample(std::mt19937_64& rng) const;
  // The rule-derived starting points (see above), each satisfying every constraint, best
  // guesses first; empty when the space has no tiled or spatial stage. A script's knobs:
  // the script's own fallback evaluated for the target (its cfg.fallback_split defaults).
  std::vector<Decisions> Seeds() const;
  // `d` with one knob re-sampled (another point when the knob has another value).
  Decisions Mutate(const Decisions& d, std::mt19937_64& rng) const;
  // Whether `d` assigns every knob a value in its domain and the register tile fits.
  bool Satisfies(const Decisions& d) const;

  // The schedule of the workload with `d` applied (primitives' legality checks run).
  Result<schedule::Schedule> Apply(const Decisions& d) const;
  // Apply + lowering through the pipeline for the CPU: nothing invalid is measured.
  Result<ValidCandidate> Validate(const Decisions& d, const std::vector<te::Tensor>& args) const;

  // `d` as "knob=value" lines, for logs and tests.
  static std::string Describe(const Decisions& d);

 private:
  std::vector<te::Operation> outputs_;
  TargetInfo target_;
  std::vector<StageRule> rules_;
  std::vector<Knob> knobs_;
  std::map<std::string, size_t> knob_index_;
  std::string script_source_, script_file_;  // FromScriptKnobs
  Decisions script_default_;                 // FromScriptKnobs: the knobs' fallback for the target

  void AddKnob(Knob k);
  const Knob& knob(const std::string& name) const { return knobs_[knob_index_.at(name)]; }
  std::vector<int64_t> SampleKnob(const Knob& k, std::mt19937_64& rng) const;
  bool RegisterTileFits(const Decisions& d) const;  // and ParallelEnough
  std::vector<int64_t> TileExtents(const StageRule& rule) const;  // a Tile stage's spatial extents
  bool ParallelEnough(const Decisions& d) const;  // and AttachFits
  bool AttachFits(const Decisions& d) const;
  bool ReadersAttached(const StageRule& rule, const Decisions& d) const;
  void RepairAttach(Decisions* d) const;  // folds the outer factors AttachFits forbids inwards
  Status ApplyRule(schedule::Schedule& sch, const StageRule& rule, const Decisions& d) const;
  Status ApplyTile(schedule::Schedule& sch, const StageRule& rule, const Decisions& d) const;
  Status ApplySpatial(schedule::Schedule& sch, const StageRule& rule, const Decisions& d) const;
  Status ApplyRfactor(schedule::Schedule& sch, const StageRule& rule, const Decisions& d) const;
  Decisions BaseDecisions() const;
  void AddTileSeeds(const StageRule& rule, const Decisions& base, std::vector<Decisions>* out) const;
  void AddSpatialSeeds(const StageRule& rule, const Decisions& base, std::vector<Decisions>* out) const;
};

}  // namespace tessera::tune
