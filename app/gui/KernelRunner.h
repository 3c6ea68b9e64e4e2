// KernelRunner: compiles the document's lowered function for the CPU (LLVM) or the GPU
// (CUDA) and runs it on random inputs: once, checked against the te oracle
// (reference::CheckAgainstReference) (Run), or repeatedly and timed (Profile). Qt-free; it runs on
// a worker thread (RunController), reads only immutable snapshots and stops early when cancelled.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

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
  project::RunnerSettings runner;
  std::string worker;
};

struct RunResult {
  bool ok = false;
  bool cancelled = false;
  std::string message;  // the error, or a one-line summary
  double compile_ms = 0;
  double min_ms = 0, median_ms = 0, max_ms = 0;  // over the timed calls
  double flops = 0;   // floating-point operations of the workload per call
  double gflops = 0;  // at the median time
  bool checked = false;
  bool matches = false;  // kernel == te oracle within tolerance
  double max_abs_error = 0;
  double check_ms = 0;            // how long the check took
  bool reference_reused = false;  // the oracle's answer was kept from an earlier Run
  std::string target;
  std::string where;  // the machine that ran it, when not this one ("node1 (slurm)")
};

using RunProgress = std::function<void(int percent, const std::string& step)>;

RunResult RunKernel(const RunRequest& request, const std::atomic<bool>& cancel,
                    const RunProgress& progress);

// The floating-point operations of the workload (not of the schedule): for every
// compute stage, the float operations of its body times its iteration domain
// (output elements x reduction extent). GEMM gives 2*M*N*K. Zero when a shape is
// symbolic and `shape_var_value` cannot fix it.
double WorkloadFlops(const schedule::Schedule& sch, int64_t shape_var_value);

// An estimate of the host's peak single-precision GFLOP/s (cores x clock x FMA lanes).
double EstimatedPeakGflops();

}  // namespace tessera::gui
