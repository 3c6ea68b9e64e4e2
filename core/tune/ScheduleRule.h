// ScheduleRule: one search rule of the generated design space (GeneratedSpace.h), in the
// manner of MetaSchedule's schedule_rule/*.cc. A rule decides which stages it takes, adds
// their knobs and its rule-derived seeds, says which points it admits, and applies a
// point of the space to a schedule. One file per rule:
//
//   TileRule.h      a reduction that is an output (or whose epilogue is): multi-level
//                   tiling, with ChannelTile.h's variant and EpilogueRule.h's fusion
//   SpatialRule.h   an element-wise output: fused parallel outer loops, a vector inside
//   InlineRule.h    an element-wise stage read by others: compute_inline or the root
//   RfactorRule.h   a reduction left at the root: partial results in vectors
//   RootRule.h      anything else: its outermost axis parallel
//   AttachRule.h    a root reduction computed inside a consumer over the same rows
//
// Generation offers each compute stage, in program order, to every rule in
// ScheduleRules()' order; each rule that applies adds its knobs (so the space's knob order
// is the rules'). Rules that run after the stages (AttachRule) are offered the stages once
// every stage has its rule: their choices depend on what the others left.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Operation.h"
#include "tune/ChannelTile.h"
#include "tune/EpilogueRule.h"
#include "tune/FusedAxes.h"
#include "tune/Knob.h"
#include "tune/PhasedProducer.h"
#include "tune/TargetInfo.h"

namespace tessera::tune {

// The rule chosen for one stage.
struct StageRule {
  enum class Kind : uint8_t { Inline, Tile, Spatial, Attach, Root };
  Kind kind = Kind::Root;
  std::string stage;
  std::vector<std::string> spatial_axes;  // the op's axes (names)
  std::vector<std::string> reduce_axes;
  std::vector<std::string> packable;  // Tile: placeholders it reads that may be packed
  // Tile: the packable input whose last index moves with the innermost spatial axis (the
  // operand the vectorized loop streams through, B of C = A x B; "" when none), and the
  // spatial axes its indices use (a panel of it is independent of the other axes).
  std::string streamed;
  std::vector<std::string> streamed_axes;
  // Tile: a packable input that the innermost spatial axis indexes alone in another
  // dimension than its last (K of Q K^T read as K[b, j, d]; "" when none), and that
  // dimension, and the spatial axes its indices use: packed (<stage>.pack.<input> = 3 or 4)
  // into column panels [j // nr, ..., j % nr], it is read like a streamed operand.
  std::string transposed;
  size_t transposed_dim = 0;
  std::vector<std::string> transposed_axes;
  // Tile: every tensor load of the body, with the spatial axes its indices use and whether
  // it moves with the innermost axis (read in vectors) or not (one broadcast per step): a
  // register tile's rows on an axis a load does not use share its loads (TileRule.cpp).
  struct Load {
    bool vector = false;
    std::vector<std::string> axes;
  };
  std::vector<Load> loads;
  // Tile: where the register tile may be vectorized along an output axis instead
  // (ChannelTile.h; knob <stage>.channel).
  ChannelAxis channel;
  // Tile: an element-wise producer read at a column stride, which may be computed inside
  // the stage's loops in phases (PhasedProducer.h; knob <stage>.phases).
  PhasedProducer phased;
  // Tile: a window read at a column stride whose taps may be moved from one another
  // instead of loaded (ShiftedTaps.h; knob <stage>.taps).
  bool shiftable_taps = false;
  // Tile: the two innermost spatial axes, where they may be tiled as one (FusedAxes.h;
  // knob <stage>.fuse); empty otherwise. And the tensors it then reads through a copy.
  std::vector<std::string> fused_axes;
  std::vector<FusedCopy> fused_copies;
  // Tile: a reduction that is not the output but whose element-wise epilogue is
  // (EpilogueRule.h): the epilogue's loops carry the tiling; the accumulator is forced.
  Epilogue epilogue;
  std::vector<std::string> attach_to;  // Attach: knob value k >= 1 -> attach_to[k - 1]; 0: root
  size_t attach_rows = 0;  // Attach: the stage's rank (the consumer's leading axes it uses)
  std::vector<std::string> attach_readers;  // Attach: the other reductions reading it (when it is
                                            // attached, so must they be: else it goes to the root)
  // The names of the rules that took the stage (ScheduleRule::name), in the order they
  // apply: the rule of `kind`, and before it the rules that add to it (rfactor).
  std::vector<std::string> rule_names;
};
const char* rule_kind_name(StageRule::Kind kind);

// What generation knows of one compute stage when it offers it to the rules.
struct StageInfo {
  schedule::Stage stage;
  const te::ComputeOpNode* op = nullptr;
  std::vector<int64_t> extents;         // the op's axes (empty with several outputs)
  std::vector<int64_t> reduce_extents;  // its reduce axes
  bool is_output = false;
  bool several_outputs = false;  // a tuple reducer (argmax): no rule but the root covers it
  // The program's epilogue (EpilogueRule.h), when this stage is its reduction; and whether
  // this stage is one of its relays (inlined).
  const Epilogue* epilogue = nullptr;
  bool relay = false;
  TargetInfo target;
  // For the rules that run after the stages: the stages with an outer loop to attach at
  // (the element-wise output first), the root reductions, the inlined stages, and the
  // element-wise output ("" when the output is not element-wise or not alone).
  std::vector<te::Operation> consumers;
  std::vector<te::Operation> reductions;
  std::set<std::string> inlined;
  std::string spatial_output;
};

// What a rule sees of the space its stage is part of.
struct SpaceContext {
  const std::vector<StageRule>& rules;
  const KnobTable& knobs;
  const TargetInfo& target;
};

class ScheduleRule {
 public:
  virtual ~ScheduleRule() = default;
  // The rule's name ("tile", "spatial", ...): what StageRule::rule_names holds.
  virtual const char* name() const = 0;
  // Whether the rule is offered the stages only once every stage has its rule.
  virtual bool after_stages() const { return false; }
  // Whether the rule takes the stage `s` (`rule`: what earlier rules made of it).
  virtual bool Applies(const StageInfo& s, const StageRule& rule) const = 0;
  // Adds the stage's knobs to `knobs` and fills in `rule` (its kind, when the rule gives
  // the stage its structure).
  virtual void AddKnobs(const StageInfo& s, StageRule* rule, KnobTable* knobs) const = 0;
  // The rule's starting points for its stage on top of `base`, best guesses first.
  virtual Status AddSeeds(const SpaceContext& space, const StageRule& rule, const Decisions& base,
                          std::vector<Decisions>* out) const {
    return Status::Ok();
  }
  // Whether `d` is a point the rule can schedule well (beyond each knob's own domain):
  // a register tile that fits, enough parallel iterations. A missing knob: false.
  virtual bool Fits(const SpaceContext& space, const StageRule& rule, const Decisions& d) const {
    return true;
  }
  // Schedules the stage in `sch` as `d` says (the primitives' legality checks run).
  virtual Status Apply(schedule::Schedule& sch, const SpaceContext& space, const StageRule& rule,
                       const Decisions& d) const = 0;
};

// Every rule, in the order generation offers them a stage.
const std::vector<const ScheduleRule*>& ScheduleRules();
// The rule named `name`; an error naming it when there is none.
Result<const ScheduleRule*> FindScheduleRule(std::string_view name);

// Helpers the rules share.

// The leaf IterVar named `name` of `stage` (a root axis before any split).
Result<ir::IterVar> RuleAxis(const schedule::Stage& stage, const std::string& name);
// The position of `axis` among the rule's spatial axes (their count when it is not one).
size_t SpatialAxisIndex(const StageRule& rule, const std::string& axis);
// Splits `iv` into len(factors) loops with these extents (outer first; factors[0] is
// implied by the others).
Result<std::vector<ir::IterVar>> SplitLevels(schedule::Schedule& sch, const schedule::Stage& stage,
                                             ir::IterVar iv, const std::vector<int64_t>& factors);
// `vars` fused into one loop (the one loop itself when it is alone).
Result<ir::IterVar> FuseAll(schedule::Schedule& sch, const schedule::Stage& stage,
                            const std::vector<ir::IterVar>& vars);

}  // namespace tessera::tune
