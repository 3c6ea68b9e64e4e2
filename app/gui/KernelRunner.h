// KernelRunner: compiles the document's lowered function for the CPU (LLVM) or the GPU
// (CUDA) and runs it on random inputs: once, checked against the te oracle
// (reference::CheckAgainstReference) (Run), or repeatedly and timed (Profile). A
// TensorIR document runs the same way on either (on the GPU when its schedule binds
// loops to GPU threads); its check is against its unscheduled function on the same
// inputs (reference/TirReference.h), as `tessera-cli run --check`. A Profile
// given a baseline (another version of the same workload) times both in interleaved
// rounds (runner/TimingStats.h), so that their comparison is not skewed by the machine's
// drift between two separate profiles. Qt-free; it runs on a worker thread
// (RunController), reads only immutable snapshots and stops early when cancelled.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "project/ProjectFile.h"
#include "script/Evaluator.h"
#include "transform/Pipeline.h"

namespace tessera::gui {

struct RunRequest {
  std::shared_ptr<const script::ScriptProgram> program;
  std::shared_ptr<const transform::LoweredProgram> function;
  bool check = true;             // compare with the te oracle
  int repeat = 0;                // timed calls after one warm-up (0: run once)
  int64_t shape_var_value = 64;  // the value of every shape variable
  std::string target = "llvm";   // "llvm" (the CPU) or "cuda" (the GPU)
  // Where it runs: here (RunKernel), or on a cluster node through Slurm (RunOnCluster,
  // ClusterRun.h; RunController picks). `worker` is the tessera-cli the node runs ("" =
  // the one next to this program or on $PATH).
  project::RunnerSettings runner{};
  std::string worker{};
  // A version to time in the same interleaved rounds (Profile only; null: none). Here or,
  // through a runner, on the node that times this one.
  std::shared_ptr<const script::ScriptProgram> baseline_program{};
  std::shared_ptr<const transform::LoweredProgram> baseline_function{};
  int baseline_version = 0;
};

struct RunResult {
  bool ok = false;
  bool cancelled = false;
  std::string message;  // the error, or a one-line summary
  double compile_ms = 0;
  double min_ms = 0, median_ms = 0, max_ms = 0;  // over the timed calls
  std::vector<double> times_ms;                  // every timed call
  int baseline_version = 0;                      // timed alongside (RunRequest), or 0
  std::vector<double> baseline_times_ms;
  // Floating-point operations per call: the te definition's useful work, counted as the
  // CLI's profile counts it (te::CountWorkloadFlops), not the scheduled program's; of a
  // TensorIR document, its unscheduled function's (tir::CountFunctionFlops).
  double flops = 0;
  double gflops = 0;  // at the median time
  bool checked = false;
  bool matches = false;  // kernel == reference within tolerance
  double max_abs_error = 0;
  double check_ms = 0;            // how long the check took
  bool reference_reused = false;  // the oracle's answer was kept from an earlier Run
  std::string target;
  std::string where;  // the machine that ran it, when not this one ("node1 (slurm)")
};

using RunProgress = std::function<void(int percent, const std::string& step)>;

RunResult RunKernel(const RunRequest& request, const std::atomic<bool>& cancel,
                    const RunProgress& progress);

// An estimate of the host's peak single-precision GFLOP/s (cores x clock x FMA lanes).
double EstimatedPeakGflops();

}  // namespace tessera::gui
