// `tessera-cli tune` on a TensorIR document (a TVMScript function or a tir/s_tir.Schedule
// script): the design space of core/tune/tir over the function the document's schedule
// left (of a module of several, the one --func chose), searched by replaying its sketches
// with new decisions (core/tune/tir/TirTuner.h), measured by the runner and checked
// against the unscheduled function. Prints the best candidate as the document followed by
// its trace (`def apply_trace(sch)`, in the document's TVM spelling, with its decisions)
// applied to the document's schedule: a TensorIR document that runs as it is
// (`tessera-cli run --check`), opens in the desktop application and replays in TVM.
#pragma once

#include <map>
#include <ostream>
#include <string>

#include "CliCommon.h"
#include "runner/MachineSignature.h"
#include "runner/Runner.h"
#include "script/Evaluator.h"
#include "tune/Database.h"
#include "tune/Tuner.h"

namespace tessera::cli {

// The search on `program` (read from `file`, whose text the candidates extend) with
// `options` (trials, budget, batch, repeat, seed, vars), measured by `runner` on
// `machine`, records in `db` (may be null). `json`: the report as JSON instead of the
// script.
int TensorIRTune(script::ScriptProgram program, const std::string& file,
                 const tune::TuneOptions& options, runner::Runner& runner,
                 const runner::MachineSignature& machine, tune::Database* db, bool json,
                 std::ostream& out, std::ostream& err);

// `tune --best FILE --db DB` of a TensorIR document: the best checked record of its
// workload on `machine`.
int TensorIRStoredBest(const script::ScriptProgram& program, tune::Database& db,
                       const std::string& target, const std::map<std::string, int64_t>& vars,
                       const runner::MachineSignature& machine, std::ostream& out,
                       std::ostream& err);

}  // namespace tessera::cli
