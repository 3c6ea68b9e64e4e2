// ProbedCalls: a kernel's timed calls with the host probe (runtime/HostProbe.h) timed next
// to them, for the tuner's host-speed scaling (tune/HostSpeed.h).
//
// The probe runs before the first timed call and again before a call once the calls since
// the last probe have taken kProbeIntervalMs; every call is paired with the probe before
// it. The machine's speed drifts over seconds, so a probe a few milliseconds old still
// says how fast the machine runs; a probe before every call would put its work (about
// 0.6 ms) between the calls of a short kernel and time that kernel colder than it runs
// back to back. A kernel of kProbeIntervalMs or more still gets a probe before each call.
//
// An interruption (another process, an interrupt handler) that lands in the probe's half
// millisecond makes it read many times slower than the machine runs, and every call paired
// with it would look as many times faster. So the first probe of a measurement, and any
// probe that reads over kProbeRetryRatio times the fastest of the measurement so far, runs
// once more and the faster of the two counts: a machine that really runs slower reads slow
// twice.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "support/Result.h"

namespace tessera::runner {

inline constexpr double kProbeIntervalMs = 5.0;
inline constexpr double kProbeRetryRatio = 1.5;

struct ProbedTimes {
  std::vector<double> times_ms;   // one per timed call
  std::vector<double> probes_ms;  // the probe paired with each timed call
  int probe_runs = 0;             // how many times the probe ran (retries included)
  std::string error;              // the first failing call's message (nothing timed then)
};

// `warmup` calls of `call`, and more until they lasted `min_ms` (MeasureRequest::
// min_warmup_ms); the first failing call's error. *made (optional): the calls made.
Status WarmUpCalls(int warmup, double min_ms, const std::function<Status()>& call,
                   int* made = nullptr);

// `warmup` untimed calls of `call`, then `calls` timed ones, with `probe` (returning its own
// time in ms) run as above at most every `interval_ms` of calls (0: before every call).
ProbedTimes TimeProbedCalls(int warmup, int calls, const std::function<Status()>& call,
                            const std::function<double()>& probe,
                            double interval_ms = kProbeIntervalMs);

}  // namespace tessera::runner
