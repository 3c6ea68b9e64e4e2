#include "Timing.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <vector>

#include "IdleWait.h"
#include "runtime/ThreadPool.h"

namespace tessera::bench {

double TimeOnce(const std::function<void()>& run) {
  auto start = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

std::string LoadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one.empty() ? "unknown" : one + " " + five + " " + fifteen;
}

Timing Summarize(std::vector<double> times) {
  std::sort(times.begin(), times.end());
  size_t n = times.size();
  Timing t;
  if (n == 0) return t;
  t.min_ms = times.front();
  t.median_ms = n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
  return t;
}

Timing TimeRuns(const std::function<void()>& run, int repeat) {
  WaitForOtherThreadsIdle();
  run();  // warm-up: caches, page faults, the thread pool's first wake-up
  std::vector<double> times;
  for (int i = 0; i < std::max(repeat, 1); ++i) times.push_back(TimeOnce(run));
  return Summarize(times);
}

void RunOnOneThread(const std::function<void()>& work) {
  runtime::ThreadPool& pool = runtime::ThreadPool::Global();
  if (pool.num_threads() < 2) {  // no workers: every loop is serial already
    work();
    return;
  }
  // Block [1, 2) runs `work` (on the worker, or here if this thread claims it first);
  // block [0, 1) does nothing.
  pool.ParallelFor(2, [&](int64_t begin, int64_t) {
    if (begin == 1) work();
    return 0;
  });
}

}  // namespace tessera::bench
