// EarlierCandidates: the resume step of a tuning run whose predecessor stopped in the
// middle of a batch (the application was closed or crashed, the cluster went down). The
// tuner records a batch only when the whole batch has come back, so the candidates of the
// batch in flight were handed to the runner but never recorded; their workers may have
// written results since, or may still be running as Slurm jobs. RecordEarlierCandidates
// asks the runner for those requests (Runner::EarlierRequests: the batch files in its work
// folder), keeps the candidates of this workload, target and shape values that the
// database has no record of on this machine, and measures them through the runner — which
// reads back the results already written and waits for the jobs still running instead of
// submitting them again — then records them (source "resumed"). Run it before Tune():
// the tuner's own resume then reads them from the database like any other record.
#pragma once

#include <functional>

#include "runner/Runner.h"
#include "script/Evaluator.h"
#include "support/Result.h"
#include "tune/Database.h"
#include "tune/Tuner.h"

namespace tessera::tune {

// The number of candidates recorded. `machine` keys the records when a result carries no
// signature of its own (as in Tuner).
Result<int> RecordEarlierCandidates(const script::ScriptProgram& program, runner::Runner& runner,
                                    Database& db, const runner::MachineSignature& machine,
                                    const TuneOptions& options,
                                    const std::function<bool()>& cancelled = {});

}  // namespace tessera::tune
