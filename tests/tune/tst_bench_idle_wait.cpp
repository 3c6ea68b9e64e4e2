// The benchmarks' idle wait (bench/cpu/IdleWait.h): before an implementation is timed,
// the process's other threads — another runtime's workers spinning after its last call —
// must have stopped using the CPU. A thread that spins for a while keeps the wait going
// until it stops; with no other thread busy the wait ends after one slice; a thread that
// never stops ends the wait at its limit, reported as not idle. Bounds are generous: the
// spinner's CPU share only has to stay above a tenth of a slice.
#include <QtTest>
#include <atomic>
#include <chrono>
#include <thread>

#ifdef TESSERA_HAVE_BENCH_SUPPORT
#include "IdleWait.h"
#endif

namespace {

// Spins (burning CPU) until `stop` or for `ms`, whichever comes first.
void Spin(const std::atomic<bool>& stop, int ms) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  volatile unsigned sink = 0;
  while (!stop.load(std::memory_order_relaxed) && std::chrono::steady_clock::now() < until) sink = sink + 1;
}

}  // namespace

class TestBenchIdleWait : public QObject {
  Q_OBJECT
 private slots:
  void init() {
#ifndef TESSERA_HAVE_BENCH_SUPPORT
    QSKIP("built without the benchmarks (TESSERA_BENCH=OFF)");
#endif
  }

#ifdef TESSERA_HAVE_BENCH_SUPPORT
  void endsAtOnceWhenNothingElseRuns() {
    const tessera::bench::IdleWait w = tessera::bench::WaitForOtherThreadsIdle(500, 4);
    QVERIFY(w.idle);
    QVERIFY2(w.waited_ms < 100, qPrintable(QString::number(w.waited_ms)));
  }

  // A worker that spins 150 ms after "its call" (as libgomp's do): the wait lasts until
  // it stops, not one slice.
  void waitsForASpinningThreadToStop() {
    std::atomic<bool> stop{false};
    std::thread spinner([&] { Spin(stop, 150); });
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // it is running
    const tessera::bench::IdleWait w = tessera::bench::WaitForOtherThreadsIdle(2000, 4);
    stop = true;
    spinner.join();
    QVERIFY(w.idle);
    QVERIFY2(w.waited_ms >= 100, qPrintable(QString::number(w.waited_ms)));
    QVERIFY2(w.waited_ms < 1900, qPrintable(QString::number(w.waited_ms)));
  }

  // One that does not stop: the wait gives up at its limit and says so.
  void givesUpAtItsLimit() {
    std::atomic<bool> stop{false};
    std::thread spinner([&] { Spin(stop, 10000); });
    const tessera::bench::IdleWait w = tessera::bench::WaitForOtherThreadsIdle(60, 4);
    stop = true;
    spinner.join();
    QVERIFY(!w.idle);
    QVERIFY2(w.waited_ms >= 60, qPrintable(QString::number(w.waited_ms)));
  }
#endif
};

QTEST_APPLESS_MAIN(TestBenchIdleWait)
#include "tst_bench_idle_wait.moc"
