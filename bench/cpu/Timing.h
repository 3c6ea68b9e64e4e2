// Timing for the CPU benchmark: one warm-up call, then `repeat` timed calls (min and
// median in milliseconds), and a way to run Tessera kernels on one thread.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tessera::bench {

struct Timing {
  double min_ms = 0.0;
  double median_ms = 0.0;
};

// Waits until the process's other threads are idle (IdleWait.h: another runtime's
// spinning workers), then one warm-up call, then `repeat` timed calls.
Timing TimeRuns(const std::function<void()>& run, int repeat);

// Milliseconds of one call of `run`.
double TimeOnce(const std::function<void()>& run);
// Min and median of samples (at least one).
Timing Summarize(std::vector<double> samples_ms);

// The first three fields of /proc/loadavg (1, 5, 15 minutes), "unknown" where it cannot
// be read: printed next to every figure of a benchmark on a shared machine.
std::string LoadAverage();

// Runs `work` inside a parallel loop of the runtime's thread pool (on its worker or, when
// the caller claims that block first, on the caller, which counts as a worker while it
// runs a loop's blocks). A parallel loop started from there runs serially (ThreadPool's
// nested-loop rule), so Tessera's compiled kernels run single-threaded inside `work`
// without recompiling the schedule.
void RunOnOneThread(const std::function<void()>& work);

}  // namespace tessera::bench
