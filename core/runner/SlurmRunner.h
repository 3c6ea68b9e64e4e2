// SlurmRunner: measures on cluster nodes through Slurm. Each round submits the open
// candidates as one job array (`sbatch --array=0-N`), a sub-batch per array task so that
// the per-trial overhead of a job stays small; every task runs `tessera-cli measure
// SUB.json --out WORKDIR` on its node, which writes one result file per candidate into
// the work folder (shared with the nodes); without parallel_builds there are as many
// tasks as the partition has CPUs (JobSlots). The runner polls `squeue` for the tasks and
// the folder for results; a task that ended without writing all its results (failed,
// timed out, preempted, its node went down) has its open candidates resubmitted in the
// next round, up to max_retries times, then they are recorded failed with the reason
// Slurm gives (`scontrol show job`). Cancel runs `scancel`. Results already written are
// never lost and a run resumes: candidates with a result file are not submitted again,
// and candidates that an earlier run's job (its id is kept in its submission folder,
// WORKDIR/slurm-*/job) is still measuring are waited for, so a restarted application
// picks up the jobs it left running.
// Every Slurm command runs with a deadline; a controller that stops answering fails the
// run with a message instead of hanging it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runner/Runner.h"
#include "runner/RunnerSupport.h"

namespace tessera::runner {

class SlurmRunner : public Runner {
 public:
  // Null + *error ("not available: ...") when sbatch/squeue are missing, the controller
  // does not answer, the worker is not executable or the work folder is not writable.
  static std::unique_ptr<SlurmRunner> Create(const RunnerOptions& options, std::string* error);

  std::string Name() const override { return "slurm"; }
  std::vector<MeasureResult> Measure(const std::vector<MeasureRequest>& requests,
                                     const MeasureCallbacks& callbacks) override;
  // The signature of a node of the partition: one short job runs `tessera-cli measure
  // --signature` there (the first call; later calls return it again).
  std::optional<MachineSignature> Machine(std::string* error) override;
  // The requests of every submission folder's sub-batches (WORKDIR/slurm-*/task-*.json).
  std::vector<MeasureRequest> EarlierRequests() const override;
  const std::string& workdir() const { return workdir_; }
  // The job ids submitted so far (tests set a node down while they run).
  const std::vector<std::string>& jobs() const { return jobs_; }
  // The array tasks ("JOB_TASK") of earlier runs on this work folder that Slurm still
  // listed and that carried candidates of a Measure call: waited for, not submitted again
  // (the application was restarted while its jobs ran).
  const std::vector<std::string>& adopted() const { return adopted_; }

  // Array tasks per submission when RunnerOptions::parallel_builds is 0: the partition's
  // usable CPUs (sinfo), at most 64 (asked once).
  int JobSlots();

  // The sbatch command line for a job array of `tasks` tasks running `script`.
  std::vector<std::string> SbatchCommand(const std::string& script, int tasks,
                                         const std::string& log_pattern) const;

 private:
  SlurmRunner(RunnerOptions options, std::string worker, std::string workdir)
      : options_(std::move(options)),
        worker_(std::move(worker)),
        workdir_(std::move(workdir)),
        made_workdir_(options_.workdir.empty() ? workdir_ : std::string()) {}

  RunnerOptions options_;
  std::string worker_;
  std::string workdir_;
  MadeWorkdir made_workdir_;  // removed with the runner when it made the folder
  std::vector<std::string> jobs_;
  std::vector<std::string> adopted_;
  std::optional<MachineSignature> machine_;
  int slots_ = 0;
};

// Whether Slurm can take jobs here: sbatch and squeue on $PATH and the controller answering
// `scontrol ping` within a few seconds. *why says what is missing.
bool SlurmAvailable(std::string* why);

}  // namespace tessera::runner
