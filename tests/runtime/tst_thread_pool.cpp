// ThreadPool: the blocks of the static chunks cover [0, n) exactly once, a late thread's
// blocks are run by the others, the pool is reusable, a non-zero return code of a block
// is reported and no block starts after it, nested loops run serially, and the C entry
// point kernels call propagates a worker's error message to the caller.
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
      for (int64_t b = chunk; b < chunk + 25; b += 3) expected.insert({b, std::min(b + 3, chunk + 25)});
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
    QVERIFY2(of_chunk0 < 32, qPrintable(QString("the caller ran %1 of its 32 iterations").arg(of_chunk0)));
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
    int rc = pool.ParallelFor(100, [&](int64_t b, int64_t e) { return (b <= 70 && 70 < e) ? 7 : 0; });
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

QTEST_APPLESS_MAIN(TestThreadPool)
#include "tst_thread_pool.moc"
