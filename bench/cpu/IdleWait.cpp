#include "IdleWait.h"

#include <time.h>

#include <chrono>
#include <thread>

namespace tessera::bench {

namespace {

using Ms = std::chrono::duration<double, std::milli>;

// The CPU time of all of this process's threads.
double ProcessCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

double WallMs() { return Ms(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

IdleWait WaitForOtherThreadsIdle(double max_ms, double slice_ms) {
  IdleWait w;
  const double start = WallMs();
  int idle_slices = 0;
  while (WallMs() - start < max_ms) {
    const double cpu = ProcessCpuMs(), wall = WallMs();
    std::this_thread::sleep_for(Ms(slice_ms));
    // This thread slept: what the process used meanwhile, the other threads used. Two
    // idle slices in a row: on a loaded machine a spinning thread can lose the CPU for one.
    const double used = ProcessCpuMs() - cpu, slept = WallMs() - wall;
    idle_slices = used < 0.1 * slept ? idle_slices + 1 : 0;
    if (idle_slices == 2) {
      w.idle = true;
      break;
    }
  }
  w.waited_ms = WallMs() - start;
  return w;
}

}  // namespace tessera::bench
