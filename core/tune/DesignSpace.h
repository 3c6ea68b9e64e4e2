// DesignSpace: the schedules a tuner may pick from — one of the two space generators
// (SpaceGenerator.h) behind one value the tuner, the tests and the benchmarks hold:
//
//   Generate         the space generated from the workload alone through the schedule
//                    rules (GeneratedSpace.h; the rules: ScheduleRule.h)
//   FromScriptKnobs  a script's own cfg.define_* knobs (ScriptKnobSpace.h)
//
// A point of the space is a Decisions (Knob.h); the generated space's knob names come
// from KnobNames.h.
#pragma once

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "script/tvm/autotvm/TuneConfig.h"
#include "support/Result.h"
#include "te/Tensor.h"
#include "tune/Knob.h"
#include "tune/KnobNames.h"
#include "tune/ScheduleRule.h"
#include "tune/SpaceGenerator.h"
#include "tune/TargetInfo.h"

namespace tessera::tune {

class DesignSpace {
 public:
  // The generated space of the program computing `outputs`, for `target`. Errors: no
  // compute stage, a symbolic (non-constant) extent.
  static Result<DesignSpace> Generate(const std::vector<te::Operation>& outputs,
                                      const TargetInfo& target);
  // The space of a script's own knobs. Errors: the script defines no knob.
  static Result<DesignSpace> FromScriptKnobs(const std::string& source, const std::string& file,
                                             const TargetInfo& target);

  const SpaceGenerator& generator() const { return *generator_; }
  const std::vector<Knob>& knobs() const { return generator_->knobs(); }
  const std::vector<StageRule>& rules() const { return generator_->rules(); }
  const TargetInfo& target() const { return generator_->target(); }

  Decisions Sample(std::mt19937_64& rng) const { return generator_->Sample(rng); }
  std::vector<Decisions> Seeds() const { return generator_->Seeds(); }
  Decisions Mutate(const Decisions& d, std::mt19937_64& rng) const {
    return generator_->Mutate(d, rng);
  }
  bool Satisfies(const Decisions& d) const { return generator_->Satisfies(d); }
  Result<schedule::Schedule> Apply(const Decisions& d) const { return generator_->Apply(d); }
  Result<ValidCandidate> Validate(const Decisions& d, const std::vector<te::Tensor>& args) const {
    return generator_->Validate(d, args);
  }

  // `d` as "knob=value" lines, for logs and tests.
  static std::string Describe(const Decisions& d) { return DescribeDecisions(d); }

 private:
  explicit DesignSpace(std::shared_ptr<const SpaceGenerator> generator)
      : generator_(std::move(generator)) {}
  std::shared_ptr<const SpaceGenerator> generator_;  // immutable: copies share it
};

}  // namespace tessera::tune
