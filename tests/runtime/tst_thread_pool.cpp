// ThreadPool: static chunking covers [0, n) exactly once, the pool is reusable, a
// non-zero return code of a chunk is reported, nested loops run serially, and the C
// entry point kernels call propagates a worker's error message to the caller.
#include <QtTest>

#include <atomic>
#include <mutex>
#include <set>
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

  void chunksAreStaticAndContiguous() {
    ThreadPool pool(4);
    std::mutex m;
    std::set<std::pair<int64_t, int64_t>> chunks;
    pool.ParallelFor(10, [&](int64_t b, int64_t e) {
      std::lock_guard<std::mutex> lock(m);
      chunks.insert({b, e});
      return 0;
    });
    std::set<std::pair<int64_t, int64_t>> expected{{0, 3}, {3, 6}, {6, 8}, {8, 10}};
    QCOMPARE(chunks, expected);
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
