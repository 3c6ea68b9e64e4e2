// ClaimRounds: how a tuning run measures the speed-up it claims over the input (the
// document's) schedule. Its chosen best is timed against the input after the search chose
// it, never from the timings that chose it: of several candidates close in speed the one
// ranked first is mostly the one whose noise was kindest, so its own timings overstate
// it. The two are timed in `processes` fresh measurement processes, each timing both in
// the same interleaved rounds (MeasureRequest::baseline_script), and the times are taken
// as measured, without the host-speed scaling that ranks records (HostSpeed.h): a claim
// in the milliseconds `tessera-cli profile` prints, whose spread includes how far the
// speed-up moves from one process to the next (runner::CompareTimingsAcrossProcesses).
#pragma once

#include <optional>

#include "runner/Runner.h"
#include "runner/TimingStats.h"

namespace tessera::tune {

// Processes and calls per kernel in each (at least ten: the interleaved plan's rounds).
inline constexpr int kClaimProcesses = 3;
inline constexpr int kClaimCallsPerProcess = 10;

// `pair` (script: the best, baseline_script: the input; its id the prefix of the
// processes' ids, its target, shape values, warm-up, calls and timeout theirs) measured
// in `processes` requests. nullopt when no process timed both (none ran, or the runner
// returned no baseline calls); the comparison is marked interleaved.
std::optional<runner::TimingComparison> MeasureClaim(
    runner::Runner& runner, const runner::MeasureRequest& pair, int processes,
    const runner::MeasureCallbacks& callbacks = {});

}  // namespace tessera::tune
