// ClaimRounds: how a tuning run measures the speed-up it claims over the input (the
// document's) schedule. Its chosen best is timed against the input after the search chose
// it, never from the timings that chose it: of several candidates close in speed the one
// ranked first is mostly the one whose noise was kindest, so its own timings overstate
// it. The two are timed in several fresh measurement processes, each timing both in the
// same interleaved rounds (MeasureRequest::baseline_script), and the times are taken as
// measured, without the host-speed scaling that ranks records (HostSpeed.h): a claim in
// the milliseconds `tessera-cli profile` prints, whose spread includes how far the
// speed-up moves from one process to the next (runner::CompareTimingsAcrossProcesses).
//
// Short kernels get more: each process times each kernel for at least kClaimTimeFloorMs
// (ten calls of a 0.5 ms kernel are 5 ms, which one slow moment of a loaded machine
// decides), and they are timed in at least kShortKernelClaimProcesses processes: a
// process's threads and pages can leave every call of it about twice as slow as in the
// next process, and a few processes may all miss that state that a re-profiling meets.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "runner/Runner.h"
#include "runner/TimingStats.h"
#include "tune/Record.h"

namespace tessera::tune {

// Processes and calls per kernel in each (at least ten: the interleaved plan's rounds).
inline constexpr int kClaimProcesses = 3;
inline constexpr int kClaimCallsPerProcess = 10;
inline constexpr double kClaimTimeFloorMs = 100;
inline constexpr int kClaimMaxCallsPerProcess = 2000;
inline constexpr int kShortKernelClaimProcesses = 8;

// How the claim of two kernels taking `best_ms` and `input_ms` per call is timed.
struct ClaimPlan {
  int processes = 0;
  int calls = 0;  // per kernel and process
};
// `repeat` calls (at least kClaimCallsPerProcess), more until the faster kernel's calls
// reach kClaimTimeFloorMs (at most kClaimMaxCallsPerProcess); `processes`, at least
// kShortKernelClaimProcesses when the faster kernel needed calls added. processes < 1:
// no claim (processes 0). A time unknown (<= 0) adds nothing.
ClaimPlan PlanClaim(int repeat, int processes, double best_ms, double input_ms);

// `best` against `input` (their scripts, and their calls' median as measured: times_ms,
// else median_ms) as PlanClaim plans it, in
// requests made from `request` (its target, shape values, function and warm-up; the
// processes' ids are "v<best hash>-<input hash>-<process>") with `timeout_s` each (once
// started, a claim is not cut short by a time budget). nullopt when no process
// timed both (none ran, or the runner returned no baseline calls); the comparison is
// marked interleaved.
std::optional<runner::TimingComparison> MeasureClaim(
    runner::Runner& runner, const runner::MeasureRequest& request, const TuningRecord& best,
    const TuningRecord& input, int repeat, int processes, double timeout_s,
    const runner::MeasureCallbacks& callbacks = {});

// The claim a finished tuning run states: MeasureClaim of its best against its input,
// nothing when either is missing or both are the same schedule (`processes` < 1: no
// claim). A run stopped (`stopped_why`: "the run was cancelled", ...) times nothing;
// `message` hears why no claim is made then and when the two could not be timed together.
std::optional<runner::TimingComparison> MeasureRunClaim(
    runner::Runner& runner, const runner::MeasureRequest& request,
    const std::optional<TuningRecord>& best, const std::optional<TuningRecord>& input, int repeat,
    int processes, double timeout_s, const std::optional<std::string>& stopped_why,
    const runner::MeasureCallbacks& callbacks,
    const std::function<void(const std::string&)>& message);

}  // namespace tessera::tune
