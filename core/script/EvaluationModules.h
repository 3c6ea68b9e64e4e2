// EvaluationModules: packages a process adds to every script evaluation, after the
// built-in ones. The script layer knows nothing of what they are; core/tuning_api
// registers TVM's autotvm and auto_scheduler APIs this way (RegisterTuningApis), from the
// entry points that want them (the command line, the desktop application, tests).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "te/Tensor.h"

namespace tessera::script {

class Interpreter;
struct TuneConfigState;

// What an evaluation lends the modules registered into it.
struct EvaluationHost {
  std::string source;  // the script's text (function bodies are cut from it)
  std::string file;
  TuneConfigState* config = nullptr;     // the knobs of template calls in this evaluation
  std::function<std::string()> imports;  // the module-level import lines run so far
  // Makes a schedule (e.g. one read from a tuning log) the program's schedule, as if the
  // script had created it; `args` are its arguments (tvm.lower's order).
  std::function<void(std::shared_ptr<schedule::Schedule>, std::vector<te::Tensor>)> adopt;
  // False where a tuner evaluates the program itself (EvaluateTunableScript): tuning
  // calls in it are skipped there, so tuning never nests.
  bool run_tuning = true;
};

using EvaluationModule = std::function<void(Interpreter&, const EvaluationHost&)>;

// Adds `module` under `name`, replacing a module of the same name.
void AddEvaluationModule(const std::string& name, EvaluationModule module);
void RemoveEvaluationModule(const std::string& name);
// Every module, in the order they were first added.
std::vector<EvaluationModule> EvaluationModules();

}  // namespace tessera::script
