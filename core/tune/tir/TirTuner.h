// TirTuner: tuning of a TensorIR document (a TVMScript function or a tir/s_tir.Schedule
// script): the design space of TirSpaceGenerator.h over the function the document's own
// schedule left, searched by TirEvolutionarySearch.h — strategy "evolution" (the default):
// MetaSchedule's evolutionary search guided by the XGBoost cost model, trained on the
// candidates measured (and on the earlier records of the workload when a run resumes);
// "random": MetaSchedule's replay-trace search, every candidate a sketch replayed with new
// decisions. Candidates are measured by a runner::Runner (local worker processes or Slurm
// nodes: the workers read the candidate as a TensorIR document), kept in the records
// Database.
//
// The function tuned is the program's (script::SelectTensorIRFunction chooses one of a
// module's): its blocks as the document's schedule left them make the design space, and
// its unscheduled original is the oracle. A candidate's script is the document followed
// by the candidate's trace (TirCandidateScript.h).
//
// Records are keyed by TirWorkloadKey ("tir-" and a hash of the function before the
// search, with its shape values), never a te workload's fingerprint, so TensorIR records
// and te records do not mix, nor do the records of two functions of a module. The
// document's own schedule is measured and checked first and stays the best until a
// candidate beats it. A new best is accepted only after its outputs agreed with the
// unscheduled function (reference/TirReference.h, in a check run); one that disagrees is
// recorded as "check_failed". Invalid candidates (a primitive refused their decisions, or
// the function does not lower) are skipped and counted by reason.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runner/Runner.h"
#include "runner/TimingStats.h"
#include "script/Evaluator.h"
#include "support/Result.h"
#include "tir/Trace.h"
#include "tune/Database.h"
#include "tune/Tuner.h"
#include "tune/tir/TirCandidateScript.h"

namespace tessera::tune {

struct TirTuneResult {
  std::string workload;       // TirWorkloadKey
  std::string workload_name;  // "tir:<function name>"
  std::string machine_key;
  std::optional<TuningRecord> best;   // the best checked record (this or an earlier run)
  std::optional<TuningRecord> input;  // the document's own schedule
  // The best against the input, timed in the same interleaved rounds after the search.
  std::optional<runner::TimingComparison> best_vs_input;
  int sketches = 0;
  int measured = 0;    // candidates measured in this run
  int failed = 0;      // of them, not ok (check failures included)
  int invalid = 0;     // candidates skipped before measuring
  int duplicates = 0;  // candidates the search met that were already measured
  int evaluated = 0;   // distinct candidates the search replayed and lowered
  std::string strategy;
  int resumed = 0;                             // records found in the database at the start
  std::map<std::string, int> invalid_reasons;  // InvalidReason -> count
  double elapsed_s = 0;
  std::vector<TuneTrial> trials;
};

// The records' key of `program`'s workload: the function its schedule left, printed, its
// name in a module of several, and the shape values.
std::string TirWorkloadKey(const script::ScriptProgram& program,
                           const std::map<std::string, int64_t>& shape_vars);

// `program.source` must hold the document's text (the evaluator keeps it only for
// structured scripts; the caller fills it in).
// TuneOptions' trials, time_budget_s, batch_size, seed, strategy ("evolution" or
// "random"), population, explore_fraction (the search's epsilon-greedy share), warmup,
// repeat, timeout_s, measure_input, claim_processes (at least one), target and shape_vars
// apply.
Result<TirTuneResult> TuneTensorIR(const script::ScriptProgram& program, runner::Runner& runner,
                                   Database* db, const runner::MachineSignature& machine,
                                   const TuneOptions& options, const TuneCallbacks& callbacks = {});

}  // namespace tessera::tune
