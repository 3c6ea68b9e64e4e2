// The benchmarks' idle wait (bench/cpu/IdleWait.h): before an implementation is timed,
// the process's other threads — another runtime's workers spinning after its last call —
// must have stopped using the CPU. A thread that spins for a while keeps the wait going
// until it stops; with no other thread busy the wait ends after two slices; a thread that
// never stops ends the wait at its limit, reported as not idle. Bounds are generous: the
// spinner's CPU share only has to stay above a tenth of one of two slices in a row (the
// spinner is running before the wait starts: a wait that began before it was scheduled
// found the process idle on a loaded CI machine).
#include <QtTest>
#include <atomic>
#include <chrono>
#include <thread>

#include "IdleWait.h"

namespace tst_bench_idle_wait {

namespace {

// The idle wait while another thread of this process spins (burns CPU) for `spin_ms`:
// the spinner is running before the wait starts, and stopped when it returns.
tessera::bench::IdleWait WaitBesideSpinner(int spin_ms, double max_ms, double slice_ms) {
  std::atomic<bool> stop{false}, started{false};
  std::thread spinner([&] {
    started = true;
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(spin_ms);
    volatile unsigned sink = 0;
    while (!stop.load(std::memory_order_relaxed) && std::chrono::steady_clock::now() < until)
      sink = sink + 1;
  });
  while (!started) std::this_thread::yield();
  const tessera::bench::IdleWait w = tessera::bench::WaitForOtherThreadsIdle(max_ms, slice_ms);
  stop = true;
  spinner.join();
  return w;
}

}  // namespace

class TestBenchIdleWait : public QObject {
  Q_OBJECT
 private slots:
  void endsAtOnceWhenNothingElseRuns() {
    const tessera::bench::IdleWait w = tessera::bench::WaitForOtherThreadsIdle(500, 4);
    QVERIFY(w.idle);
    QVERIFY2(w.waited_ms < 250, qPrintable(QString::number(w.waited_ms)));
  }

  // A worker that spins 400 ms after "its call" (as libgomp's do, shorter): the wait lasts
  // until it stops, not two slices. Slices of 25 ms: on a CPU shared with other busy
  // processes (a CI machine) a runnable thread runs within the scheduler's period (12-24
  // ms), never sits out two such slices; with 4 ms ones it did.
  void waitsForASpinningThreadToStop() {
    const tessera::bench::IdleWait w = WaitBesideSpinner(400, 3000, 25);
    QVERIFY(w.idle);
    QVERIFY2(w.waited_ms >= 300, qPrintable(QString::number(w.waited_ms)));
    QVERIFY2(w.waited_ms < 2900, qPrintable(QString::number(w.waited_ms)));
  }

  // One that does not stop: the wait gives up at its limit and says so.
  void givesUpAtItsLimit() {
    const tessera::bench::IdleWait w = WaitBesideSpinner(10000, 200, 25);
    QVERIFY(!w.idle);
    QVERIFY2(w.waited_ms >= 200, qPrintable(QString::number(w.waited_ms)));
  }
};

}  // namespace tst_bench_idle_wait

QTEST_APPLESS_MAIN(tst_bench_idle_wait::TestBenchIdleWait)
#include "tst_bench_idle_wait.moc"
