// runner/ProbedCalls: how often the host probe runs next to a kernel's timed calls, and
// which probe each call is paired with (the tuner's host-speed scaling divides by it).
#include <QtTest/QtTest>
#include <algorithm>
#include <chrono>
#include <map>
#include <thread>
#include <vector>

#include "runner/ProbedCalls.h"

namespace tst_probed_calls {

using namespace tessera;
using namespace tessera::runner;

namespace {

// A probe that counts its runs and returns a time that says which run it was (1 ms and
// the run number in microseconds: never slow enough to be run again but the first).
struct CountingProbe {
  int runs = 0;
  double operator()() { return Time(++runs); }
  static double Time(int run) { return 1.0 + run * 1e-3; }
};

// A probe that reads the given times in turn, then the last one forever.
struct ScriptedProbe {
  std::vector<double> times;
  size_t runs = 0;
  double operator()() {
    const double t = times[std::min(runs, times.size() - 1)];
    ++runs;
    return t;
  }
};

}  // namespace

class TestProbedCalls : public QObject {
  Q_OBJECT

 private slots:
  void aBlockOfShortCallsIsProbedAtOnePoint() {
    CountingProbe probe;
    int calls = 0;
    ProbedTimes t = TimeProbedCalls(
        3, 50,
        [&] {
          ++calls;
          return Status::Ok();
        },
        std::ref(probe), 1e9);
    QVERIFY(t.error.empty());
    QCOMPARE(calls, 53);      // the warm-up calls are not timed and not probed
    QCOMPARE(probe.runs, 2);  // the first probe runs twice
    QCOMPARE(t.probe_runs, 2);
    QCOMPARE(int(t.times_ms.size()), 50);
    QCOMPARE(t.probes_ms, std::vector<double>(50, CountingProbe::Time(1)));
  }

  void aZeroIntervalProbesBeforeEveryCall() {
    CountingProbe probe;
    ProbedTimes t = TimeProbedCalls(
        1, 6, [] { return Status::Ok(); }, std::ref(probe), 0);
    QCOMPARE(probe.runs, 7);
    std::vector<double> expected{CountingProbe::Time(1)};  // the faster of runs 1 and 2
    for (int run = 3; run <= 7; ++run) expected.push_back(CountingProbe::Time(run));
    QCOMPARE(t.probes_ms, expected);
  }

  void theProbeRunsAgainOnceTheBlocksCallsLastTheInterval() {
    // Calls of at least 1 ms against a 3 ms interval: blocks of at most 3 calls, each
    // (but the last) closed by the call that brought its time to the interval.
    CountingProbe probe;
    const double interval = 3.0;
    ProbedTimes t = TimeProbedCalls(
        0, 12,
        [] {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
          return Status::Ok();
        },
        std::ref(probe), interval);
    QVERIFY(t.error.empty());
    QCOMPARE(t.probe_runs, probe.runs);
    QVERIFY(probe.runs >= 5);
    std::map<double, std::vector<double>> blocks;  // paired probe -> its calls' times
    for (size_t i = 0; i < t.times_ms.size(); ++i) {
      if (i > 0) QVERIFY(t.probes_ms[i] >= t.probes_ms[i - 1]);  // in the order they ran
      blocks[t.probes_ms[i]].push_back(t.times_ms[i]);
    }
    QCOMPARE(int(blocks.size()), probe.runs - 1);  // the first probe ran twice
    for (const auto& [probe_time, times] : blocks) {
      double before_last = 0;
      for (size_t i = 0; i + 1 < times.size(); ++i) before_last += times[i];
      QVERIFY2(before_last < interval, "a probe was skipped");
      if (probe_time < CountingProbe::Time(probe.runs))
        QVERIFY2(before_last + times.back() >= interval, "probed too soon");
    }
  }

  // A probe interrupted for 20 ms against the machine's 0.5 ms would make every call it
  // covers look 40 times faster; it runs again and the faster reading counts.
  void anInterruptedFirstProbeRunsAgain() {
    ScriptedProbe probe{{20.0, 0.5}};
    ProbedTimes t = TimeProbedCalls(
        0, 30, [] { return Status::Ok(); }, std::ref(probe), 1e9);
    QCOMPARE(t.probe_runs, 2);
    QCOMPARE(t.probes_ms, std::vector<double>(30, 0.5));
  }

  void anInterruptedLaterProbeRunsAgain() {
    ScriptedProbe probe{{0.5, 0.6, 0.55, 9.0, 0.52, 0.7, 0.51}};
    ProbedTimes t = TimeProbedCalls(
        0, 5, [] { return Status::Ok(); }, std::ref(probe), 0);
    // 0.5 and 0.6 (the first, twice), 0.55, 9.0 and its retry 0.52, 0.7, 0.51: only the
    // reading over 1.5 times the fastest so far ran again.
    QCOMPARE(t.probe_runs, 7);
    QCOMPARE(t.probes_ms, (std::vector<double>{0.5, 0.55, 0.52, 0.7, 0.51}));
  }

  void aMachineThatRunsSlowerReadsSlowTwice() {
    ScriptedProbe probe{{0.5, 0.5, 2.0, 2.0, 2.1}};
    ProbedTimes t = TimeProbedCalls(
        0, 3, [] { return Status::Ok(); }, std::ref(probe), 0);
    QCOMPARE(t.probe_runs, 6);  // the slow readings ran again, and read slow again
    QCOMPARE(t.probes_ms, (std::vector<double>{0.5, 2.0, 2.1}));
  }

  void aFailingCallTimesNothing() {
    CountingProbe probe;
    int calls = 0;
    ProbedTimes t = TimeProbedCalls(
        0, 5,
        [&]() -> Status {
          if (++calls == 3) return Error("the kernel faulted");
          return Status::Ok();
        },
        std::ref(probe), 1e9);
    QCOMPARE(QString::fromStdString(t.error), QString("the kernel faulted"));
    QVERIFY(t.times_ms.empty());
    QVERIFY(t.probes_ms.empty());
  }

  // The warm-up (MeasureRequest::min_warmup_ms): the calls asked for, and more until they
  // lasted the minimum; none past it once the calls asked for last that long.
  void theWarmUpLastsItsMinimum() {
    int made = 0;
    int calls = 0;
    double first_call_ms = 0;
    auto sleepy = [&] {
      const auto start = std::chrono::steady_clock::now();
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      if (++calls == 1) {
        first_call_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
      }
      return Status::Ok();
    };
    const auto start = std::chrono::steady_clock::now();
    QVERIFY(WarmUpCalls(1, 3.0, sleepy, &made));
    const double elapsed =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    QCOMPARE(made, calls);
    QVERIFY2(elapsed >= 3.0, "the warm-up stopped before its minimum");
    // More calls than asked for, unless a loaded machine woke the first one only after
    // the minimum had passed.
    QVERIFY(made > 1 || first_call_ms >= 3.0);

    calls = 0;
    QVERIFY(WarmUpCalls(4, 0, sleepy, &made));
    QCOMPARE(made, 4);  // no minimum: the calls asked for
    QVERIFY(WarmUpCalls(0, 0, sleepy, &made));
    QCOMPARE(made, 0);

    auto long_call = [&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
      return Status::Ok();
    };
    QVERIFY(WarmUpCalls(2, 1.0, long_call, &made));
    QCOMPARE(made, 2);  // the two calls asked for already last the minimum
  }

  void aFailingWarmUpCallStopsIt() {
    int made = 0;
    int calls = 0;
    Status st = WarmUpCalls(
        1, 1e6,
        [&]() -> Status {
          if (++calls == 3) return Error("the kernel faulted");
          return Status::Ok();
        },
        &made);
    QVERIFY(!st);
    QCOMPARE(QString::fromStdString(st.error().message), QString("the kernel faulted"));
    QCOMPARE(made, 3);
    QCOMPARE(calls, 3);
  }
};

}  // namespace tst_probed_calls

QTEST_APPLESS_MAIN(tst_probed_calls::TestProbedCalls)
#include "tst_probed_calls.moc"
