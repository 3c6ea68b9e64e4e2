#include "runner/ProbedCalls.h"

#include <algorithm>
#include <chrono>

namespace tessera::runner {

Status WarmUpCalls(int warmup, double min_ms, const std::function<Status()>& call, int* made) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  int calls = 0;
  while (calls < warmup || (min_ms > 0 && elapsed_ms() < min_ms)) {
    ++calls;
    if (Status st = call(); !st) {
      if (made) *made = calls;
      return st;
    }
  }
  if (made) *made = calls;
  return Status::Ok();
}

ProbedTimes TimeProbedCalls(int warmup, int calls, const std::function<Status()>& call,
                            const std::function<double()>& probe, double interval_ms) {
  ProbedTimes out;
  for (int i = 0; i < warmup; ++i)
    if (Status st = call(); !st) return ProbedTimes{{}, {}, 0, st.error().message};
  double probe_ms = 0;
  double fastest_probe_ms = 0;
  double since_probe_ms = 0;
  for (int i = 0; i < calls; ++i) {
    if (i == 0 || since_probe_ms >= interval_ms) {
      probe_ms = probe();
      ++out.probe_runs;
      if (i == 0 || probe_ms > kProbeRetryRatio * fastest_probe_ms) {
        probe_ms = std::min(probe_ms, probe());
        ++out.probe_runs;
      }
      fastest_probe_ms = i == 0 ? probe_ms : std::min(fastest_probe_ms, probe_ms);
      since_probe_ms = 0;
    }
    const auto start = std::chrono::steady_clock::now();
    if (Status st = call(); !st) return ProbedTimes{{}, {}, out.probe_runs, st.error().message};
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    since_probe_ms += ms;
    out.times_ms.push_back(ms);
    out.probes_ms.push_back(probe_ms);
  }
  return out;
}

}  // namespace tessera::runner
