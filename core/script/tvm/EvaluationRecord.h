// What the TVM packages' built-ins record while a script evaluates: the te schedule it
// created last, the argument lists of tvm.lower and tvm.build, the last tir.Schedule.
// The evaluator makes the program (Evaluator.h's ScriptProgram) of it.
#pragma once

#include <vector>

#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "te/Tensor.h"
#include "transform/PrimFunc.h"

namespace tessera::script {

struct EvaluationRecord {
  SchedulePtr schedule;  // the last schedule created
  int schedules_created = 0;
  std::vector<te::Tensor> lower_args;
  bool has_lower_call = false;
  std::vector<transform::ListedScalar> lower_scalars;
  int lower_line = 0;
  std::vector<te::Tensor> build_args;
  std::vector<transform::ListedScalar> build_scalars;
  int build_line = 0;
  TirScriptRecord tir;  // the last tir.Schedule
};

}  // namespace tessera::script
