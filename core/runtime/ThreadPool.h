// ThreadPool: a fixed set of worker threads (PoolThreadCount(): the CPUs this process may
// use, or TESSERA_NUM_THREADS / TVM_NUM_THREADS) that runs parallel
// loops over [0, n) with static chunking: thread t gets one contiguous chunk, so a
// kernel's parallel loop touches the same memory from the same thread on every call.
// A thread runs its chunk in blocks (an eighth of it), claimed one at a time; a thread
// done with its own chunk claims the blocks left in the others'. On a machine that other
// work shares, a core that is slowed or descheduled for a while no longer holds up the
// whole loop by the rest of its static chunk: the other threads finish it. Balanced,
// each thread runs its own chunk but for at most its last block or so, as before.
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
#include <memory>
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

  // Calls body(begin, end) on disjoint ranges covering [0, n): blocks of thread t's static
  // chunk, the calling thread's being chunk 0, unless another thread was done first and
  // took some of them. Returns the first non-zero value a call returned (0 when all
  // succeeded); after one, no further blocks are started. Calls from several threads at
  // once are serialised.
  int ParallelFor(int64_t n, const std::function<int(int64_t begin, int64_t end)>& body);

  // The CPU worker `worker` (1 .. num_threads() - 1) is bound to; -1 when not bound.
  int WorkerCpu(int worker) const;

  // True on a worker thread of any pool (nested loops run serially there).
  static bool InWorker();

 private:
  void WorkerLoop(int index);
  // Runs thread `index`'s chunk, then claims what is left of the others'.
  void Work(int index);
  // Runs blocks of chunk `chunk` until none is left (or a block failed).
  void RunBlocks(int chunk);
  // Spins until `ready` holds or the spin time is over; true when it holds.
  template <typename Ready>
  static bool SpinUntil(const Ready& ready);

  std::vector<std::thread> workers_;
  std::vector<int> worker_cpus_;  // per worker: its CPU, or -1
  std::mutex call_mutex_;         // one ParallelFor at a time
  std::mutex mutex_;
  std::condition_variable start_cv_, done_cv_;
  // Written under mutex_, read by spinning threads without it.
  std::atomic<uint64_t> generation_{0};
  std::atomic<int> pending_{0};
  std::atomic<bool> stop_{false};
  // The current job.
  const std::function<int(int64_t, int64_t)>* body_ = nullptr;
  int chunks_ = 0;
  int result_ = 0;
  // Per chunk: the first iteration no thread has claimed yet, the chunk's end and its
  // block size; one cache line each (the owner claims from its own without sharing it).
  struct alignas(64) Cursor {
    std::atomic<int64_t> next{0};
    int64_t end = 0;
    int64_t block = 1;
  };
  std::unique_ptr<Cursor[]> cursors_;
  std::atomic<bool> failed_{false};
};

}  // namespace tessera::runtime
