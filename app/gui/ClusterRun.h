// ClusterRun: Run and Profile through a core/runner Runner — the document's script with
// its schedule (te or TensorIR) is measured by `tessera-cli measure` on a cluster node (a Slurm
// job) and the node's result comes back as a RunResult, as a local run's would. Qt-free; it runs on
// the RunController's worker thread. Progress reports the job's state (queued, running, finished);
// cancelling cancels the job (scancel). No Slurm, or a controller that does not answer, is a failed
// run with the reason within seconds, never a hang.
#pragma once

#include <atomic>
#include <string>

#include "KernelRunner.h"
#include "runner/Runner.h"

namespace tessera::gui {

// The runner options of the project's settings (RunRequest::runner) and worker.
runner::RunnerOptions RunnerOptionsFor(const project::RunnerSettings& settings,
                                       const std::string& worker);

// The candidate the node measures: the printed script (a TensorIR document's own text,
// with the module's function where it has several), every shape variable at
// shape_var_value, check and repeats as the request asks.
runner::MeasureRequest MeasureRequestFor(const RunRequest& request);

RunResult RunOnCluster(const RunRequest& request, const std::atomic<bool>& cancel,
                       const RunProgress& progress);

}  // namespace tessera::gui
