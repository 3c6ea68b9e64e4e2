// ThreadPool: a fixed set of worker threads (PoolThreadCount(): the CPUs this process may
// use, or TESSERA_NUM_THREADS / TVM_NUM_THREADS) that runs parallel
// loops over [0, n) with static chunking: thread t gets one contiguous chunk, so a
// kernel's parallel loop touches the same memory from the same thread on every call.
// The pool is created once and reused by every call. Between loops the workers (and,
// at the end of a loop, the caller) spin for a short while before they block: a kernel
// runs several parallel loops per call (a padding stage, a packing stage, the compute),
// and a worker woken from a condition variable on a loaded machine starts long after
// the caller, which then waits for the worker's whole static chunk (OpenMP runtimes
// spin the same way, GOMP_SPINCOUNT). A parallel loop started from
// inside a worker (nested parallelism) runs serially on that worker instead of waiting
// for itself.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tessera::runtime {

class ThreadPool {
 public:
  // `num_threads` <= 0 means PoolThreadCount() (runtime/CpuCount.h).
  explicit ThreadPool(int num_threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // The process-wide pool used by compiled kernels.
  static ThreadPool& Global();

  int num_threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls body(begin, end) on disjoint chunks covering [0, n); the calling thread runs
  // chunk 0. Returns the first non-zero value a chunk returned (0 when all succeeded).
  // Calls from several threads at once are serialised.
  int ParallelFor(int64_t n, const std::function<int(int64_t begin, int64_t end)>& body);

  // True on a worker thread of any pool (nested loops run serially there).
  static bool InWorker();

 private:
  void WorkerLoop(int index);
  void RunChunk(int index);
  // Spins until `ready` holds or the spin time is over; true when it holds.
  template <typename Ready>
  static bool SpinUntil(const Ready& ready);

  std::vector<std::thread> workers_;
  std::mutex call_mutex_;  // one ParallelFor at a time
  std::mutex mutex_;
  std::condition_variable start_cv_, done_cv_;
  // Written under mutex_, read by spinning threads without it.
  std::atomic<uint64_t> generation_{0};
  std::atomic<int> pending_{0};
  std::atomic<bool> stop_{false};
  // The current job.
  const std::function<int(int64_t, int64_t)>* body_ = nullptr;
  int64_t n_ = 0;
  int chunks_ = 0;
  int result_ = 0;
};

}  // namespace tessera::runtime
