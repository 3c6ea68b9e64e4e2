#include "runtime/HostProbe.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <vector>

#include "runtime/ThreadPool.h"

namespace tessera::runtime {

namespace {

constexpr int kItemsPerThread = 16;
constexpr int kIterationsPerItem = 8000;

// Eight independent multiply-add chains (latency-bound on every x86 core: the work per
// item does not depend on the ISA, the compiler's vector width or the FMA units).
double Chains(int iterations, double seed) {
  double a[8];
  for (int i = 0; i < 8; ++i) a[i] = seed + i;
  for (int it = 0; it < iterations; ++it)
    for (double& x : a) x = x * 0.999999 + 1e-7;
  double sum = 0;
  for (double x : a) sum += x;
  return sum;
}

}  // namespace

double TimeHostProbe() {
  ThreadPool& pool = ThreadPool::Global();
  static std::atomic<double> sink{0};
  const auto start = std::chrono::steady_clock::now();
  pool.ParallelFor(static_cast<int64_t>(kItemsPerThread) * pool.num_threads(),
                   [](int64_t begin, int64_t end) {
                     double s = 0;
                     for (int64_t i = begin; i < end; ++i)
                       s += Chains(kIterationsPerItem, static_cast<double>(i));
                     sink.store(s, std::memory_order_relaxed);
                     return 0;
                   });
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

double CalibrateHostProbe(int runs) {
  runs = std::max(runs, 1);
  TimeHostProbe();  // wakes the pool's threads
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) times.push_back(TimeHostProbe());
  std::sort(times.begin(), times.end());
  return times[times.size() / 5];
}

}  // namespace tessera::runtime
