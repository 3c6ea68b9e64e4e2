// LocalRunner: measures on this machine in worker processes. The open candidates are
// dealt round-robin into one sub-batch per worker (up to parallel_builds workers, default
// the core count); each worker is `tessera-cli measure SUB.json --out WORKDIR`, which
// builds in parallel with the others, times its kernels while no other worker builds,
// checks or times (HostLocks.h) and isolates each candidate in a child process (MeasureBatch.h).
// The runner polls the work folder for result files, reports each as it appears, kills every worker
// on cancel, and restarts a worker that died with candidates left (up to max_retries).
#pragma once

#include <memory>
#include <string>

#include "runner/Runner.h"
#include "runner/RunnerSupport.h"

namespace tessera::runner {

class LocalRunner : public Runner {
 public:
  // Null + *error when the worker is not executable or the work folder not writable.
  static std::unique_ptr<LocalRunner> Create(const RunnerOptions& options, std::string* error);

  std::string Name() const override { return "local"; }
  std::vector<MeasureResult> Measure(const std::vector<MeasureRequest>& requests,
                                     const MeasureCallbacks& callbacks) override;
  const std::string& workdir() const { return workdir_; }

 private:
  LocalRunner(RunnerOptions options, std::string worker, std::string workdir)
      : options_(std::move(options)),
        worker_(std::move(worker)),
        workdir_(std::move(workdir)),
        made_workdir_(options_.workdir.empty() ? workdir_ : std::string()) {}

  RunnerOptions options_;
  std::string worker_;
  std::string workdir_;
  MadeWorkdir made_workdir_;  // removed with the runner when it made the folder
};

}  // namespace tessera::runner
