// SpaceGenerator: a design space the tuner searches (MetaSchedule's SpaceGenerator). Two
// implementations: GeneratedSpace (GeneratedSpace.h) makes the space from the workload
// alone through the schedule rules (ScheduleRule.h), as MetaSchedule's post_order_apply.cc;
// ScriptKnobSpace (ScriptKnobSpace.h) is a script's own cfg.define_* knobs, applied by
// evaluating the script, as schedule_fn.cc. DesignSpace (DesignSpace.h) holds either.
//
// A point of a space is a Decisions (Knob.h). Apply() turns it into a schedule through
// the schedule primitives (their legality checks run); Validate() also lowers it, so an
// invalid sample is never measured.
#pragma once

#include <random>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Tensor.h"
#include "transform/PrimFunc.h"
#include "tune/Knob.h"
#include "tune/ScheduleRule.h"
#include "tune/TargetInfo.h"

namespace tessera::tune {

// A point that passed the primitives' checks and lowering: its schedule and the lowered
// function (the cost model's features come from it).
struct ValidCandidate {
  schedule::Schedule schedule;
  transform::PrimFunc func;
};

class SpaceGenerator {
 public:
  virtual ~SpaceGenerator() = default;

  const std::vector<Knob>& knobs() const { return knobs_.list(); }
  const KnobTable& knob_table() const { return knobs_; }
  const TargetInfo& target() const { return target_; }
  // The rule chosen for each stage (empty for a script's knobs).
  virtual const std::vector<StageRule>& rules() const = 0;

  // A random point satisfying every constraint.
  virtual Decisions Sample(std::mt19937_64& rng) const = 0;
  // The starting points the space names, each satisfying every constraint, best guesses
  // first (may be empty).
  virtual std::vector<Decisions> Seeds() const = 0;
  // `d` with one knob re-sampled (another point when the knob has another value).
  Decisions Mutate(const Decisions& d, std::mt19937_64& rng) const;
  // Whether `d` assigns every knob a value in its domain and the space admits it.
  virtual bool Satisfies(const Decisions& d) const = 0;

  // The schedule of the workload with `d` applied (primitives' legality checks run).
  virtual Result<schedule::Schedule> Apply(const Decisions& d) const = 0;
  // Apply + lowering through the pipeline for the CPU: nothing invalid is measured.
  virtual Result<ValidCandidate> Validate(const Decisions& d,
                                          const std::vector<te::Tensor>& args) const = 0;

 protected:
  // Makes a re-sampled point fit the space's cross-stage constraints (nothing by default).
  virtual void Repair(Decisions*) const {}
  // An error naming the knob `d` lacks (or has beyond the space), else one saying that `d`
  // does not fit: for Apply and Validate.
  Status CheckFits(const Decisions& d) const;

  KnobTable knobs_;
  TargetInfo target_;
};

}  // namespace tessera::tune
