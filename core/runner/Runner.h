// Runner: where candidate kernels are measured. A tuner (core/tune) or the CLI hands a
// batch of MeasureRequests to a Runner and gets one MeasureResult per request, in request
// order; results are also reported one by one through MeasureCallbacks as they arrive.
// A Runner never throws and never crashes because a candidate does: a candidate that fails
// to build, crashes the worker process or hangs is recorded with its status and reason.
//
// Kinds (RunnerOptions::kind):
//   "local"  worker processes on this machine (`tessera-cli measure` on sub-batches);
//            builds run in parallel, timed runs never overlap (a lock file in the workdir).
//   "slurm"  `sbatch --array` jobs running `tessera-cli measure` on cluster nodes; the
//            results are read back from a shared workdir; failed jobs are retried.
// Both write one JSON result file per candidate (MeasureResult::ToJson) named
// "<id>.result.json" in the workdir, so a run that is started again with the same workdir
// resumes: ids that already have a result file are read back, not measured again.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runner/MachineSignature.h"

namespace tessera::runner {

struct MeasureRequest {
  // Unique in a batch; [A-Za-z0-9_.-] only (it names the result file). A runner reuses a
  // result file found under this id in its workdir (resume), so an id should identify the
  // candidate (e.g. a hash of script, target and shape values).
  std::string id;
  std::string script;  // the complete candidate: te definition + schedule, script language
  std::string target = "llvm";
  std::map<std::string, std::int64_t> shape_vars;  // values of te.size_var shapes
  int warmup = 1;
  // The warm-up goes on past `warmup` calls until it lasted this long (0: `warmup` calls):
  // a short kernel's first calls after its build run slower than it runs back to back
  // (its data out of the caches the build used, the core's clock), and a median of a few
  // calls then times that transition, not the kernel.
  double min_warmup_ms = 0;
  int repeat = 10;
  bool check = false;  // compare with the reference interpreter (max_error)
  // Another schedule of the same workload, timed in the same interleaved rounds as this
  // one (runner/TimingStats.h): the version a profile is compared with. "" = none. Its
  // calls come back as MeasureResult::baseline_times_ms.
  std::string baseline_script;
  // A TensorIR module's function to measure (`tessera-cli run --func`): needed where the
  // script's module has several functions and none scheduled; "" = the script's own.
  // The baseline script, if any, is of the same function.
  std::string func;
  double timeout_s = 60;
  // The limit of the timed calls alone (warm-up included), where it is shorter than
  // timeout_s; 0: timeout_s. A search sets it from its fastest kernel so that a candidate
  // far slower than that one is stopped before it spends the budget (tune::TimingLimitS).
  double timing_timeout_s = 0;
  // Test hook (documented in MeasureBatch.h): "" normally; "abort", "segfault" or "hang"
  // make the worker crash or hang where its timed runs start, so that tests exercise the
  // crash and timeout paths with real processes.
  std::string test_fault;

  std::string ToJson() const;
  static std::optional<MeasureRequest> FromJson(std::string_view text, std::string* error);
};

enum class MeasureStatus {
  Ok,
  BuildError,
  RunError,
  CheckFailed,
  Timeout,
  Crashed,
  Cancelled,
  Unavailable
};

// "ok", "build_error", "run_error", "check_failed", "timeout", "crashed", "cancelled",
// "unavailable".
std::string_view MeasureStatusName(MeasureStatus status);
std::optional<MeasureStatus> ParseMeasureStatus(std::string_view name);

struct MeasureResult {
  std::string id;
  MeasureStatus status = MeasureStatus::RunError;
  std::string message;           // the reason when status != Ok
  std::vector<double> times_ms;  // one per timed repeat
  // The request's baseline_script, timed in the same rounds (empty without one).
  std::vector<double> baseline_times_ms;
  // CPU targets: the host probe paired with each timed repeat (runner/ProbedCalls.h)
  std::vector<double> probe_ms;
  double min_ms = 0, median_ms = 0, gflops = 0, max_error = 0, build_ms = 0;
  double flops = 0;  // of one call: the te definition's useful work (te::CountWorkloadFlops)
  double bytes = 0;  // of one call's argument arrays (the GB/s basis of `profile`)
  int attempts = 0;  // how many times it was run (retries after node failures count)
  // A Timeout at the request's timing_timeout_s rather than its timeout_s: the kernel ran,
  // far slower than that limit allows, so it is slow, not broken.
  bool timing_limit_hit = false;
  MachineSignature machine;
  // When the build, the timed runs and the oracle check ran, in seconds of the machine's
  // monotonic clock (comparable between its processes; {0, 0}: did not run). A timing
  // never overlaps another measurement's build or check on the same machine (HostLocks).
  struct Window {
    double begin_s = 0, end_s = 0;
  };
  Window build, timing, check;

  std::string ToJson() const;
  static std::optional<MeasureResult> FromJson(std::string_view text, std::string* error);
};

struct MeasureCallbacks {
  std::function<void(const MeasureResult&)> on_result;  // each result as it arrives
  std::function<void(int queued, int running, int done)> on_progress;
  std::function<bool()> cancelled;  // polled; true stops the run (unfinished ones -> Cancelled)
};

class Runner {
 public:
  virtual ~Runner() = default;
  virtual std::string Name() const = 0;
  // One result per request, in request order.
  virtual std::vector<MeasureResult> Measure(const std::vector<MeasureRequest>& requests,
                                             const MeasureCallbacks& callbacks) = 0;
  // The machine this runner measures on, as the worker there reads it: what a tuner sizes
  // its design space for and keys its records with (a Slurm runner asks a node with a
  // short job; the default is this machine). nullopt + *error when it cannot be learned.
  virtual std::optional<MachineSignature> Machine(std::string* error) {
    (void)error;
    return ReadMachineSignature();
  }
  // The requests that earlier runs on this runner's work folder handed to their workers
  // (their batch files), finished or not: a tuner that resumes measures those it has no
  // record of, and the runner reads back, or waits for, what those workers wrote or still
  // run (nothing measured twice). Empty where the runner keeps no such folder.
  virtual std::vector<MeasureRequest> EarlierRequests() const { return {}; }
};

struct RunnerOptions {
  std::string kind = "local";
  std::string worker_path;                                  // tessera-cli to run `measure` with
  int parallel_builds = 0;                                  // 0 = all cores
  std::string partition, gres, time_limit, account, extra;  // Slurm: sbatch options
  // "" = a fresh temporary folder, removed with the runner (Slurm: must be shared with
  // the nodes); a folder named here is kept, and a runner on it resumes.
  std::string workdir;
  int max_retries = 2;
  double poll_s = 0.5;
};

// Null + a message when the kind is unknown or unavailable here (no sbatch, controller down,
// worker not executable, workdir not writable).
std::unique_ptr<Runner> MakeRunner(const RunnerOptions& options, std::string* error);

}  // namespace tessera::runner
