#include "tune/ClaimRounds.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace tessera::tune {

ClaimPlan PlanClaim(int repeat, int processes, double best_ms, double input_ms) {
  ClaimPlan plan;
  if (processes < 1) return plan;
  plan.processes = processes;
  plan.calls = std::max(repeat, kClaimCallsPerProcess);
  double fastest = 0;
  for (double ms : {best_ms, input_ms})
    if (std::isfinite(ms) && ms > 0) fastest = fastest > 0 ? std::min(fastest, ms) : ms;
  if (fastest <= 0 || plan.calls * fastest >= kClaimTimeFloorMs) return plan;
  plan.calls = static_cast<int>(
      std::min<double>(kClaimMaxCallsPerProcess, std::ceil(kClaimTimeFloorMs / fastest)));
  plan.processes = std::max(processes, kShortKernelClaimProcesses);
  return plan;
}

std::optional<runner::TimingComparison> MeasureClaim(runner::Runner& runner,
                                                     const runner::MeasureRequest& request,
                                                     const TuningRecord& best,
                                                     const TuningRecord& input, int repeat,
                                                     int processes, double timeout_s,
                                                     const runner::MeasureCallbacks& callbacks) {
  // Calls as measured: a record's median_ms is at the machine's reference speed.
  auto as_measured = [](const TuningRecord& r) {
    return r.times_ms.empty() ? r.median_ms : runner::MedianOf(r.times_ms);
  };
  const ClaimPlan plan = PlanClaim(repeat, processes, as_measured(best), as_measured(input));
  if (plan.processes < 1 || input.script.empty()) return std::nullopt;
  // One request per process: a runner measures each request in a process of its own.
  std::vector<runner::MeasureRequest> requests;
  for (int p = 1; p <= plan.processes; ++p) {
    runner::MeasureRequest r = request;
    r.id = "v" + best.schedule_hash + "-" + input.schedule_hash + "-" + std::to_string(p);
    r.script = best.script;
    r.baseline_script = input.script;
    r.repeat = plan.calls;
    r.check = false;
    r.timeout_s = timeout_s;
    requests.push_back(std::move(r));
  }
  std::vector<runner::ProcessTimings> timings;
  for (const runner::MeasureResult& m : runner.Measure(requests, callbacks))
    if (m.status == runner::MeasureStatus::Ok) timings.push_back({m.baseline_times_ms, m.times_ms});
  runner::TimingComparison c = runner::CompareTimingsAcrossProcesses(timings);
  if (c.processes == 0) return std::nullopt;
  c.interleaved = true;
  return c;
}

std::optional<runner::TimingComparison> MeasureRunClaim(
    runner::Runner& runner, const runner::MeasureRequest& request,
    const std::optional<TuningRecord>& best, const std::optional<TuningRecord>& input, int repeat,
    int processes, double timeout_s, const std::optional<std::string>& stopped_why,
    const runner::MeasureCallbacks& callbacks,
    const std::function<void(const std::string&)>& message) {
  if (processes < 1 || !best || !input || best->id == input->id || best->script == input->script)
    return std::nullopt;
  if (stopped_why) {
    message("no speed-up claimed: " + *stopped_why +
            " before the best and the input schedule could be timed together");
    return std::nullopt;
  }
  auto claim =
      MeasureClaim(runner, request, *best, *input, repeat, processes, timeout_s, callbacks);
  if (!claim)
    message("no speed-up claimed: the best and the input schedule could not be timed together");
  return claim;
}

}  // namespace tessera::tune
