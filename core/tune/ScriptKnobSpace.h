// ScriptKnobSpace: the space of a script's own knobs (script/tvm/autotvm/TuneConfig.h:
// cfg.define_split/knob/reorder), as MetaSchedule's schedule_fn.cc: exactly those knobs,
// named as the script names them; a point is applied by evaluating the script with its
// values. Its one seed is the script's own fallback evaluated for the target (its
// cfg.fallback_split defaults, a template that sizes its splits from
// get_simd_32bit_lanes() getting this target's width).
#pragma once

#include <string>
#include <vector>

#include "tune/SpaceGenerator.h"

namespace tessera::tune {

class ScriptKnobSpace final : public SpaceGenerator {
 public:
  // Errors: the script fails, defines no knob or creates no schedule.
  static Result<ScriptKnobSpace> FromScript(const std::string& source, const std::string& file,
                                            const TargetInfo& target);

  const std::vector<StageRule>& rules() const override;
  Decisions Sample(std::mt19937_64& rng) const override;
  std::vector<Decisions> Seeds() const override;
  bool Satisfies(const Decisions& d) const override;
  Result<schedule::Schedule> Apply(const Decisions& d) const override;
  Result<ValidCandidate> Validate(const Decisions& d,
                                  const std::vector<te::Tensor>& args) const override;

 private:
  std::string source_, file_;
  Decisions fallback_;  // the knobs' values the script falls back to for the target
};

}  // namespace tessera::tune
