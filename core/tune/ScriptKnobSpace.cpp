#include "tune/ScriptKnobSpace.h"

#include "codegen/LoweringContext.h"
#include "script/tvm/autotvm/TuneConfig.h"
#include "transform/LowerSchedule.h"

namespace tessera::tune {

Result<ScriptKnobSpace> ScriptKnobSpace::FromScript(const std::string& source,
                                                    const std::string& file,
                                                    const TargetInfo& target) {
  // Evaluated as the fallback for the target's vector width: a template that sizes its
  // splits from get_simd_32bit_lanes() gives its default for this target, the first seed.
  auto evaluated = script::EvaluateTunableScript(source, file, {}, target.vector_lanes);
  if (!evaluated) return evaluated.error();
  if (evaluated->knobs.empty()) return Error("tune: the script defines no knob (cfg.define_*)");
  if (!evaluated->program.schedule)
    return Error("tune: the script creates no schedule (te.create_schedule)");
  ScriptKnobSpace space;
  space.target_ = target;
  space.source_ = source;
  space.file_ = file;
  for (const script::ScriptKnob& sk : evaluated->knobs) {
    space.fallback_.values[sk.name] = sk.value;
    if (sk.kind == script::ScriptKnob::Kind::Split) {
      Knob k = MakeSplitKnob(sk.name, sk.extent, sk.parts);
      k.innermost_max = sk.max_factor;
      space.knobs_.Add(k);
      continue;
    }
    std::vector<int64_t> indices(sk.choices.size());
    for (size_t i = 0; i < indices.size(); ++i) indices[i] = static_cast<int64_t>(i);
    space.knobs_.Add(MakeChoiceKnob(sk.name, indices));
  }
  return space;
}

const std::vector<StageRule>& ScriptKnobSpace::rules() const {
  static const std::vector<StageRule> none;
  return none;
}

Decisions ScriptKnobSpace::Sample(std::mt19937_64& rng) const {
  Decisions d;
  for (const Knob& k : knobs_.list()) d.values[k.name] = SampleKnob(k, rng);
  return d;
}

std::vector<Decisions> ScriptKnobSpace::Seeds() const {
  if (!Satisfies(fallback_)) return {};
  return {fallback_};
}

bool ScriptKnobSpace::Satisfies(const Decisions& d) const { return knobs_.Contains(d); }

Result<schedule::Schedule> ScriptKnobSpace::Apply(const Decisions& d) const {
  if (Status st = CheckFits(d); !st) return st.error();
  auto evaluated = script::EvaluateTunableScript(source_, file_, d.values);
  if (!evaluated) return evaluated.error();
  return evaluated->program.schedule->copy();
}

Result<ValidCandidate> ScriptKnobSpace::Validate(const Decisions& d,
                                                 const std::vector<te::Tensor>&) const {
  // The script's evaluation made tensors of its own: lower with its arguments.
  if (Status st = CheckFits(d); !st) return st.error();
  auto evaluated = script::EvaluateTunableScript(source_, file_, d.values);
  if (!evaluated) return evaluated.error();
  schedule::Schedule sch = evaluated->program.schedule->copy();
  auto lowered = transform::LowerSchedule(sch, evaluated->program.Arguments(),
                                          codegen::LoweringContext("llvm"), "main",
                                          evaluated->program.ScalarParameters());
  if (!lowered) return lowered.error();
  return ValidCandidate{std::move(sch), std::move(lowered->func)};
}

}  // namespace tessera::tune
