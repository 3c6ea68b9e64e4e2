// Shared by the tune suites: evaluating a workload script, its generated space, looking up
// a rule or a knob, and running a candidate against the te oracle (the tuner's check path).
#pragma once

#include <QString>
#include <string>

#include "runner/MeasureBatch.h"
#include "script/Evaluator.h"
#include "tune/DesignSpace.h"
#include "tune/TargetInfo.h"
#include "tune/Tuner.h"

namespace tessera::tune::test {

inline script::ScriptProgram Load(const std::string& source) {
  auto program = script::EvaluateScript(source, "workload.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  return std::move(program.value());
}

inline DesignSpace SpaceOf(const script::ScriptProgram& p, const TargetInfo& target) {
  auto space = DesignSpace::Generate(p.schedule->outputs, target);
  if (!space) qFatal("%s", space.error().message.c_str());
  return std::move(space.value());
}

inline const StageRule* RuleOf(const DesignSpace& space, const std::string& stage) {
  for (const StageRule& r : space.rules())
    if (r.stage == stage) return &r;
  return nullptr;
}

inline const Knob* KnobOf(const DesignSpace& space, const std::string& name) {
  for (const Knob& k : space.knobs())
    if (k.name == name) return &k;
  return nullptr;
}

// Compiles and runs the candidate, compared with the te oracle: empty when it agrees,
// else the status, the message and the candidate's script.
inline QString RunAgainstOracle(const script::ScriptProgram& p, const ValidCandidate& c,
                                const std::string& id = "candidate") {
  runner::MeasureRequest request;
  request.id = id;
  request.script = CandidateScript(p, c.schedule);
  request.warmup = 0;
  request.repeat = 1;
  request.check = true;
  runner::MeasureResult r = runner::MeasureOne(request, "");
  if (r.status != runner::MeasureStatus::Ok)
    return QString::fromStdString(std::string(runner::MeasureStatusName(r.status)) + ": " +
                                  r.message + "\n" + request.script);
  return {};
}

}  // namespace tessera::tune::test
