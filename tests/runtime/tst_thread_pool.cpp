// ThreadPool: the blocks of the static chunks cover [0, n) exactly once, a late thread's
// blocks are run by the others, the pool is reusable, a non-zero return code of a block
// is reported and no block starts after it, nested loops run serially, and the C entry
// point kernels call propagates a worker's error message to the caller.
#include <pthread.h>
#include <sched.h>

#include <QtTest>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "runtime/RuntimeABI.h"
#include "runtime/ThreadPool.h"

namespace tst_thread_pool {

using namespace tessera::runtime;

namespace {
struct FailEnv {
  int64_t fail_at;
};
int32_t fail_body(int64_t begin, int64_t end, void* env) {
  auto* e = static_cast<FailEnv*>(env);
  if (e->fail_at >= begin && e->fail_at < end) {
    tessera_set_error("iteration failed");
    return -1;
  }
  return 0;
}
}  // namespace

class TestThreadPool : public QObject {
  Q_OBJECT
 private slots:
  void coversEveryIterationOnce_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<qint64>("n");
    QTest::newRow("1 thread") << 1 << qint64(10);
    QTest::newRow("4 threads, n < threads") << 4 << qint64(3);
    QTest::newRow("4 threads, uneven") << 4 << qint64(1001);
    QTest::newRow("hardware threads") << 0 << qint64(100000);
    QTest::newRow("empty") << 4 << qint64(0);
  }
  void coversEveryIterationOnce() {
    QFETCH(int, threads);
    QFETCH(qint64, n);
    ThreadPool pool(threads);
    std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
    int rc = pool.ParallelFor(n, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) hits[static_cast<size_t>(i)]++;
      return 0;
    });
    QCOMPARE(rc, 0);
    for (auto& h : hits) QCOMPARE(h.load(), 1);
  }

  // Every call is one block of one static chunk: 100 iterations over 4 threads are chunks
  // of 25, run in blocks of 3 (an eighth, rounded down) from the chunk's start, the last
  // one short; all of them together once.
  void callsAreBlocksOfStaticChunks() {
    ThreadPool pool(4);
    std::mutex m;
    std::set<std::pair<int64_t, int64_t>> calls;
    pool.ParallelFor(100, [&](int64_t b, int64_t e) {
      std::lock_guard<std::mutex> lock(m);
      calls.insert({b, e});
      return 0;
    });
    std::set<std::pair<int64_t, int64_t>> expected;
    for (int64_t chunk = 0; chunk < 100; chunk += 25)
      for (int64_t b = chunk; b < chunk + 25; b += 3)
        expected.insert({b, std::min(b + 3, chunk + 25)});
    QCOMPARE(calls, expected);
  }

  // A thread held up in its chunk (here the caller, asleep in its first block) does not
  // hold up the loop by the rest of its chunk: the other thread, done with its own,
  // runs the blocks left. With plain static chunking all of chunk 0 ran on the caller.
  void aLateThreadsChunkIsFinishedByTheOthers() {
    ThreadPool pool(2);
    const auto caller = std::this_thread::get_id();
    std::mutex m;
    std::set<int64_t> by_caller;
    pool.ParallelFor(64, [&](int64_t b, int64_t e) {
      if (b == 0) std::this_thread::sleep_for(std::chrono::milliseconds(500));
      std::lock_guard<std::mutex> lock(m);
      if (std::this_thread::get_id() == caller)
        for (int64_t i = b; i < e; ++i) by_caller.insert(i);
      return 0;
    });
    // Chunk 0 is [0, 32) in blocks of 4: the caller ran the first and at most a few more.
    QVERIFY(by_caller.count(0) == 1);
    int64_t of_chunk0 = 0;
    for (int64_t i : by_caller) of_chunk0 += i < 32 ? 1 : 0;
    QVERIFY2(of_chunk0 < 32,
             qPrintable(QString("the caller ran %1 of its 32 iterations").arg(of_chunk0)));
  }

  // After a failing block no further blocks start; the error is the loop's result. The
  // caller's first block fails at once; the worker's blocks take 20 ms each, and it
  // stops after the one it was in (80 iterations, blocks of 5: 16 calls without the stop).
  void noBlockStartsAfterAFailure() {
    ThreadPool pool(2);
    std::atomic<int> calls{0};
    const int rc = pool.ParallelFor(80, [&](int64_t b, int64_t) {
      ++calls;
      if (b == 0) return 5;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      return 0;
    });
    QCOMPARE(rc, 5);
    QVERIFY2(calls.load() <= 3, qPrintable(QString("%1 calls").arg(calls.load())));
  }

  // Each worker runs on the CPU it is bound to, its own (the t-th of the affinity mask);
  // TESSERA_BIND_THREADS=0 leaves it free. Unbound, the scheduler put the worker on the
  // caller's CPU when another process kept the other CPU busy.
  void workersAreBoundToCpusOfTheirOwn() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    QCOMPARE(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    if (CPU_COUNT(&allowed) < 2) QSKIP("one usable CPU: no worker to bind");
    const QByteArray saved = qgetenv("TESSERA_BIND_THREADS"),
                     saved_tvm = qgetenv("TVM_BIND_THREADS");
    qunsetenv("TESSERA_BIND_THREADS");
    qunsetenv("TVM_BIND_THREADS");
    {
      ThreadPool pool(2);
      const int cpu = pool.WorkerCpu(1);
      QVERIFY2(cpu >= 0 && CPU_ISSET(cpu, &allowed),
               qPrintable(QString("worker 1 on CPU %1").arg(cpu)));
      QCOMPARE(pool.WorkerCpu(0), -1);  // the caller is not a worker: never bound
      // What the worker's thread runs on, seen from a block it runs (the caller sleeps in its
      // first block, so the worker takes the rest of the caller's chunk too).
      const auto caller = std::this_thread::get_id();
      std::mutex m;
      std::vector<int> worker_mask_sizes;
      bool on_its_cpu = true;
      pool.ParallelFor(16, [&](int64_t b, int64_t) {
        if (b == 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
        if (std::this_thread::get_id() == caller) return 0;
        cpu_set_t mine;
        CPU_ZERO(&mine);
        pthread_getaffinity_np(pthread_self(), sizeof mine, &mine);
        std::lock_guard<std::mutex> lock(m);
        worker_mask_sizes.push_back(CPU_COUNT(&mine));
        on_its_cpu = on_its_cpu && CPU_ISSET(cpu, &mine);
        return 0;
      });
      QVERIFY(!worker_mask_sizes.empty());
      for (int size : worker_mask_sizes) QCOMPARE(size, 1);
      QVERIFY(on_its_cpu);
    }
    qputenv("TESSERA_BIND_THREADS", "0");
    {
      ThreadPool pool(2);
      QCOMPARE(pool.WorkerCpu(1), -1);
    }
    qunsetenv("TESSERA_BIND_THREADS");
    qputenv("TVM_BIND_THREADS", "0");  // the TVM runtime's variable is read too
    {
      ThreadPool pool(2);
      QCOMPARE(pool.WorkerCpu(1), -1);
    }
    qunsetenv("TVM_BIND_THREADS");
    if (!saved.isNull()) qputenv("TESSERA_BIND_THREADS", saved);
    if (!saved_tvm.isNull()) qputenv("TVM_BIND_THREADS", saved_tvm);
  }

  // More threads than CPUs in the mask: nothing is bound (two workers on one CPU would wait
  // for each other).
  void moreThreadsThanCpusAreNotBound() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    QCOMPARE(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    const int threads = CPU_COUNT(&allowed) + 1;
    ThreadPool pool(threads);
    for (int w = 1; w < threads; ++w) QCOMPARE(pool.WorkerCpu(w), -1);
  }

  void poolIsReusable() {
    ThreadPool pool(3);
    for (int round = 0; round < 200; ++round) {
      std::atomic<int64_t> sum{0};
      pool.ParallelFor(50, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) sum += i;
        return 0;
      });
      QCOMPARE(sum.load(), 1225);
    }
  }

  void failingChunkIsReported() {
    ThreadPool pool(4);
    int rc =
        pool.ParallelFor(100, [&](int64_t b, int64_t e) { return (b <= 70 && 70 < e) ? 7 : 0; });
    QCOMPARE(rc, 7);
  }

  void nestedLoopsRunSerially() {
    ThreadPool pool(4);
    std::atomic<int> total{0};
    pool.ParallelFor(8, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i)
        pool.ParallelFor(8, [&](int64_t b2, int64_t e2) {
          total += static_cast<int>(e2 - b2);
          return 0;
        });
      return 0;
    });
    QCOMPARE(total.load(), 64);
  }

  void kernelEntryPropagatesWorkerErrors() {
    ClearLastError();
    FailEnv env{ThreadPool::Global().num_threads() > 1 ? 999 : 0};
    int32_t rc = tessera_parallel_for(1000, &fail_body, &env);
    QCOMPARE(rc, -1);
    QCOMPARE(QString::fromStdString(LastError()), QString("iteration failed"));
    FailEnv ok{-5};
    QCOMPARE(tessera_parallel_for(1000, &fail_body, &ok), 0);
  }

  void allocIsAligned() {
    void* p = tessera_alloc(100);
    QVERIFY(p);
    QCOMPARE(reinterpret_cast<uintptr_t>(p) % 64, uintptr_t{0});
    tessera_free(p);
    QVERIFY(tessera_alloc(-1) == nullptr);
  }
};

}  // namespace tst_thread_pool

QTEST_APPLESS_MAIN(tst_thread_pool::TestThreadPool)
#include "tst_thread_pool.moc"
