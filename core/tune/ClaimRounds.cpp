#include "tune/ClaimRounds.h"

#include <string>
#include <vector>

namespace tessera::tune {

std::optional<runner::TimingComparison> MeasureClaim(runner::Runner& runner,
                                                     const runner::MeasureRequest& pair,
                                                     int processes,
                                                     const runner::MeasureCallbacks& callbacks) {
  if (processes < 1 || pair.baseline_script.empty()) return std::nullopt;
  // One request per process: a runner measures each request in a process of its own.
  std::vector<runner::MeasureRequest> requests;
  for (int p = 1; p <= processes; ++p) {
    runner::MeasureRequest r = pair;
    r.id = pair.id + "-" + std::to_string(p);
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

}  // namespace tessera::tune
