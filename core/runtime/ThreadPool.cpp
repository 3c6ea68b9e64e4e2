#include "runtime/ThreadPool.h"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>

#include "runtime/CpuCount.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace tessera::runtime {

namespace {
thread_local bool t_in_worker = false;

// The process-wide pool, made on first use. A forked child has only the thread that
// called fork(): the parent's pool has no workers there, and a parallel loop would wait
// for them forever (a tuner's measurement child forked after a kernel ran in the
// parent). The fork handlers hold the lock across fork() and make the child forget the
// parent's pool, so the child's first parallel loop makes a pool of its own. The
// parent's pool is abandoned in the child, never destroyed: its threads and locks
// belong to the parent.
std::mutex g_global_mutex;
ThreadPool* g_global = nullptr;
ThreadPool* g_abandoned = nullptr;  // the parent's pool, in a forked child (kept reachable)

void LockGlobalForFork() { g_global_mutex.lock(); }
void UnlockGlobalInParent() { g_global_mutex.unlock(); }
void ForgetGlobalInChild() {
  if (g_global) g_abandoned = g_global;
  g_global = nullptr;
  g_global_mutex.unlock();
}

// Whether the workers are bound to CPUs: TESSERA_BIND_THREADS, else TVM_BIND_THREADS (the
// TVM runtime's variable); "0" says no. Bound by default.
bool BindThreads() {
  for (const char* name : {"TESSERA_BIND_THREADS", "TVM_BIND_THREADS"})
    if (const char* value = std::getenv(name)) return std::string(value) != "0";
  return true;
}
}  // namespace

ThreadPool::ThreadPool(int num_threads) {
  if (num_threads <= 0) num_threads = PoolThreadCount();
  num_threads = std::max(num_threads, 1);
  cursors_ = std::make_unique<Cursor[]>(static_cast<size_t>(num_threads));
  for (int i = 1; i < num_threads; ++i) workers_.emplace_back([this, i] { WorkerLoop(i); });
  // Worker t on the t-th CPU of the mask (the caller, not bound, keeps the first to itself in
  // effect), when there is a CPU for every thread.
  worker_cpus_.assign(workers_.size(), -1);
  const std::vector<int> cpus = BindThreads() ? AffinityMaskCpus() : std::vector<int>();
  if (cpus.size() < static_cast<size_t>(num_threads)) return;
  for (size_t w = 0; w < workers_.size(); ++w) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpus[w + 1], &one);
    if (pthread_setaffinity_np(workers_[w].native_handle(), sizeof one, &one) == 0)
      worker_cpus_[w] = cpus[w + 1];
  }
}

int ThreadPool::WorkerCpu(int worker) const {
  if (worker < 1 || worker > static_cast<int>(worker_cpus_.size())) return -1;
  return worker_cpus_[static_cast<size_t>(worker - 1)];
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  start_cv_.notify_all();
  for (auto& w : workers_) w.join();
}

ThreadPool& ThreadPool::Global() {
  static const bool registered = [] {
    pthread_atfork(LockGlobalForFork, UnlockGlobalInParent, ForgetGlobalInChild);
    return true;
  }();
  (void)registered;
  std::lock_guard<std::mutex> lock(g_global_mutex);
  if (!g_global) g_global = new ThreadPool();
  return *g_global;
}

bool ThreadPool::InWorker() { return t_in_worker; }

namespace {
// How long a thread spins before it blocks: a few consecutive parallel loops of one
// kernel call (each some microseconds to milliseconds) find the workers awake; an idle
// pool stops spinning after this and costs nothing.
constexpr auto kSpinTime = std::chrono::microseconds(200);

void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}
}  // namespace

template <typename Ready>
bool ThreadPool::SpinUntil(const Ready& ready) {
  const auto until = std::chrono::steady_clock::now() + kSpinTime;
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (ready()) return true;
      CpuRelax();
    }
    if (std::chrono::steady_clock::now() >= until) return ready();
  }
}

// Blocks per chunk: few enough that claiming one (an atomic add on the chunk's own cache
// line) costs nothing next to running it, enough that a late thread's chunk is finished
// by the others to within an eighth of it.
constexpr int64_t kBlocksPerChunk = 8;

void ThreadPool::RunBlocks(int chunk) {
  Cursor& c = cursors_[static_cast<size_t>(chunk)];
  while (!failed_.load(std::memory_order_relaxed)) {
    const int64_t begin = c.next.fetch_add(c.block, std::memory_order_relaxed);
    if (begin >= c.end) return;
    const int rc = (*body_)(begin, std::min(begin + c.block, c.end));
    if (rc != 0) {
      failed_.store(true, std::memory_order_relaxed);
      std::lock_guard<std::mutex> lock(mutex_);
      if (result_ == 0) result_ = rc;
    }
  }
}

void ThreadPool::Work(int index) {
  if (index < chunks_) RunBlocks(index);
  // Then the blocks left in the other chunks, starting with the next thread's (a thread
  // without a chunk of its own, when n < threads, visits every chunk).
  for (int k = 1; k <= chunks_; ++k) {
    const int chunk = (index + k) % chunks_;
    if (chunk != index) RunBlocks(chunk);
  }
}

void ThreadPool::WorkerLoop(int index) {
  t_in_worker = true;
  uint64_t seen = 0;
  for (;;) {
    auto started = [&] {
      return stop_.load(std::memory_order_acquire) ||
             generation_.load(std::memory_order_acquire) != seen;
    };
    if (!SpinUntil(started)) {
      std::unique_lock<std::mutex> lock(mutex_);
      start_cv_.wait(lock, started);
    }
    if (stop_.load(std::memory_order_acquire)) return;
    seen = generation_.load(std::memory_order_acquire);
    Work(index);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--pending_ == 0) done_cv_.notify_one();
    }
  }
}

int ThreadPool::ParallelFor(int64_t n, const std::function<int(int64_t, int64_t)>& body) {
  if (n <= 0) return 0;
  if (workers_.empty() || n == 1 || t_in_worker) return body(0, n);
  std::lock_guard<std::mutex> call_lock(call_mutex_);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    body_ = &body;
    chunks_ = static_cast<int>(std::min<int64_t>(n, num_threads()));
    // Static chunking: the first n % chunks chunks get one extra iteration.
    const int64_t base = n / chunks_, extra = n % chunks_;
    for (int i = 0; i < chunks_; ++i) {
      Cursor& c = cursors_[static_cast<size_t>(i)];
      const int64_t begin = i * base + std::min<int64_t>(i, extra);
      c.end = begin + base + (i < extra ? 1 : 0);
      c.block = std::max<int64_t>(1, (c.end - begin) / kBlocksPerChunk);
      c.next.store(begin, std::memory_order_relaxed);
    }
    failed_.store(false, std::memory_order_relaxed);
    result_ = 0;
    pending_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_cv_.notify_all();
  // The caller counts as a worker while it runs chunk 0 and what it takes of the others
  // (a nested loop inside them must not re-enter the pool).
  t_in_worker = true;
  Work(0);
  t_in_worker = false;
  auto done = [&] { return pending_.load(std::memory_order_acquire) == 0; };
  std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
  if (SpinUntil(done)) {
    lock.lock();  // the last worker's decrement happened under it: its result_ is visible
  } else {
    lock.lock();
    done_cv_.wait(lock, done);
  }
  body_ = nullptr;
  return result_;
}

}  // namespace tessera::runtime
