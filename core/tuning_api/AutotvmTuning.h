// AutotvmTuning: what TVM's tuning APIs in a script (AutotvmObjects.h: autotvm's
// templates, tuners and history; AutoSchedulerObjects.h: auto_scheduler's SearchTask)
// share, mapped onto Tessera's own tuner (core/tune):
//
// - A template or workload function is cut out of the script as a standalone flat
//   script (FlattenFunction): the script's imports, its parameters bound to the task's
//   arguments, its body. That is the workload the tuner measures and keys its records
//   with (tune::FingerprintWorkload), exactly as `tessera-cli tune` would take the file.
// - The log a program names (log_to_file, RecordToFile) is Tessera's records database
//   (an SQLite file, tune/Database.h), not TVM's JSON lines: a later run resumes from it
//   (schedules already measured on this machine are skipped) and apply_history_best /
//   apply_best read the best record of the workload back from it. A TVM-written log is
//   refused with a message saying so (OpenTuningLog).
// - Tuning inside a script evaluation is a real tuning job: candidates are measured in
//   forked worker processes (tune::ChildProcessRunner; a crash is a result, never the end
//   of the evaluation), progress lines go to stderr (SetScriptTuningLog), and the
//   environment variable TESSERA_TUNE_TRIALS caps the trials of every tune call
//   (0 skips tuning; CI and the tests use it to stay fast).
//
// The script layer calls the tuner here (one library, tessera_core); core/tune itself
// knows nothing about scripts' TVM APIs.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "script/EvaluationModules.h"
#include "script/Evaluator.h"
#include "script/lang/Value.h"
#include "support/Result.h"
#include "tune/Database.h"
#include "tune/Tuner.h"

namespace tessera::script {
struct FunctionObject;
}  // namespace tessera::script

namespace tessera::tuning_api {

using namespace script;

// A tuning API object with Python's str() (ConfigSpace, ComputeDAG, ...); Text() is what
// str() prints.
struct PrintableTuningObject : Object {
  virtual std::string Text() const = 0;
  std::optional<std::string> Str() const override { return Text(); }
};

// Where progress lines of tuning in scripts go (default: stderr, as `tessera-cli tune`).
void SetScriptTuningLog(std::function<void(const std::string&)> sink);
void ScriptTuningMessage(const std::string& line);

// The runner tuning in scripts measures with: by default a tune::ChildProcessRunner (each
// candidate in a forked child). Tests install a factory (e.g. one wrapping that runner
// to crash a candidate on purpose); an empty function restores the default.
using ScriptRunnerFactory = std::function<std::unique_ptr<runner::Runner>(std::string* error)>;
void SetScriptTuningRunnerFactory(ScriptRunnerFactory factory);

// A target as a tune call names it ("llvm --num-cores=16", tvm.target.Target(...)) and
// its kind ("llvm"); nullopt for a value that is no target.
std::optional<std::string> TuningTargetText(const Value& v);
std::string TuningTargetKind(const std::string& target);

// TESSERA_TUNE_TRIALS, when set to a non-negative integer: the most trials one tune call
// in a script measures (0: tuning is skipped). nullopt when unset or malformed.
std::optional<int> ScriptTrialCap();

// Whether tune calls of this evaluation are skipped (a tuner's own evaluation, the GUI's,
// or TESSERA_TUNE_TRIALS=0). Then a log the program applies that does not exist yet is
// not an error: the template's fallback configuration (autotvm) or the workload's bare
// schedule (auto_scheduler) is used, with a message — the program still opens, as it
// does in TVM before it has been tuned.
bool ScriptTuningSkipped(const EvaluationHost& host, bool run_here);
// True (after saying so) when `path` does not exist and `host` skips tuning.
bool MissingLogOfSkippedTuning(const EvaluationHost& host, bool run_here, const std::string& path,
                               const std::string& fallback, const SourceLoc& loc);

// `fn` called with `call`'s arguments as a standalone flat script: the imports, one
// assignment per parameter (the arguments must be numbers, strings, booleans, None or
// tuples / lists of them, as TVM serialises a task's arguments), the body dedented with
// its final `return X` made `_tessera_result = X`, then `tail`. Body lines keep their
// line numbers when the header fits above them, so errors point into the script.
Result<std::string> FlattenFunction(const EvaluationHost& host, const FunctionObject& fn,
                                    const CallArgs& call, const std::string& tail);

// The arguments of `call` bound to `fn`'s parameters as Python literals (name, text).
Result<std::vector<std::pair<std::string, std::string>>> BindLiteralArguments(
    const FunctionObject& fn, const CallArgs& call);

// Opens the tuning log at `path` (created when missing unless `must_exist`). A file that
// is not Tessera's records database — TVM's JSON-lines log in particular — is an error
// at `loc` that says so.
Result<std::unique_ptr<tune::Database>> OpenTuningLog(const std::string& path, bool must_exist,
                                                      const SourceLoc& loc);

struct ScriptTuneRequest {
  std::string what;                    // "autotvm task 'tutorial/matmul'", for messages
  std::string strategy = "evolution";  // "evolution", "random" or "grid"
  int trials = 10;
  int batch_size = 8;  // candidates measured per round of the search
  int repeat = 5;
  double timeout_s = 60;
  std::string target = "llvm";
  std::string log_path;  // "" : records kept in memory for this call only
  uint64_t seed = 1;
  bool allowed = true;   // EvaluationHost::run_tuning of the evaluation asking
  bool run_here = true;  // TuningApiOptions::run_tuning of this process (false: a message)
};

// Tunes `workload` (a flat script: a template with its knobs, or a bare workload whose
// space core/tune generates). "grid" measures the knobs' points in TVM's index order
// (the first knob varies fastest). A CUDA target, or no LLVM backend, skips tuning with
// a message (the program goes on, as TVM's tutorials do without a GPU), as does a call
// made while another tune call of this process (or of the process that forked this one)
// runs, or one not `allowed`. Returns the number of candidates measured.
Result<int> RunScriptTuning(const ScriptProgram& workload, const ScriptTuneRequest& request,
                            const SourceLoc& loc);

// What one search in a script measured, for its summary line.
struct ScriptTuneOutcome {
  int measured = 0;
  int failed = 0;
  double elapsed_s = 0;
  std::optional<tune::TuningRecord> best;
};
using ScriptTuneCall = std::function<Result<ScriptTuneOutcome>(
    runner::Runner&, tune::Database*, const runner::MachineSignature&, const tune::TuneOptions&,
    const tune::TuneCallbacks&)>;
// The same checks, messages and runner, with `call` as the search (MetaSchedule's
// tune_tir runs the TensorIR tuner through it). `request.log_path` is the database the
// call gets (none when empty).
Result<int> RunScriptTuning(const ScriptTuneRequest& request, const SourceLoc& loc,
                            const ScriptTuneCall& call);

// The best record of `workload` for `target` on this machine in `db`, evaluated: its
// schedule and arguments. nullopt when the log holds none.
struct TunedSchedule {
  std::shared_ptr<schedule::Schedule> schedule;
  std::vector<te::Tensor> args;
  tune::TuningRecord record;
};
Result<std::optional<TunedSchedule>> BestFromLog(tune::Database& db, const ScriptProgram& workload,
                                                 const std::string& target, const SourceLoc& loc);

// The same best record as a TVM script (auto_scheduler's print_best).
std::string TunedScriptText(const tune::TuningRecord& record);

}  // namespace tessera::tuning_api
