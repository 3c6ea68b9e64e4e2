// runner/TimingStats: the median and its order-statistic confidence interval, the
// "within noise" verdict (intervals overlap, never fastest-to-slowest overlap) and the
// interleaved rounds every comparison in the app measures with.
#include <QtTest/QtTest>
#include <cmath>

#include "runner/TimingStats.h"

namespace tst_timing_stats {

using namespace tessera::runner;

namespace {

// `n` calls around `ms` with a small deterministic jitter (±1%).
std::vector<double> Around(double ms, int n) {
  std::vector<double> out;
  for (int i = 0; i < n; ++i) out.push_back(ms * (1.0 + 0.01 * std::sin(1.7 * i)));
  return out;
}

}  // namespace

class TestTimingStats : public QObject {
  Q_OBJECT

 private slots:
  void theMedianOfOddAndEvenCounts() {
    QCOMPARE(MedianOf({3, 1, 2}), 2.0);
    QCOMPARE(MedianOf({4, 1, 3, 2}), 2.5);
    QCOMPARE(MedianOf({}), 0.0);
  }

  // n = 10: P(B <= 1) = 11/1024, P(B <= 2) = 56/1024 > 2.5%: the interval runs from the
  // 2nd to the 9th call, so neither the fastest nor the slowest call bounds it.
  void tenCallsLeaveOutTheExtremes() {
    MedianInterval m = MedianConfidenceInterval({10, 1, 2, 3, 4, 5, 6, 7, 8, 100});
    QCOMPARE(m.samples, 10);
    QCOMPARE(m.median, 5.5);
    QCOMPARE(m.low, 2.0);
    QCOMPARE(m.high, 10.0);
    QVERIFY(std::abs(m.coverage - (1.0 - 22.0 / 1024)) < 1e-12);
  }

  // Below six calls no pair of order statistics reaches 95%: the whole range, and the
  // coverage it really has.
  void fewCallsGiveTheWholeRange() {
    MedianInterval m = MedianConfidenceInterval({5, 1, 3, 2, 4});
    QCOMPARE(m.low, 1.0);
    QCOMPARE(m.high, 5.0);
    QVERIFY(std::abs(m.coverage - (1.0 - 2.0 / 32)) < 1e-12);
    MedianInterval one = MedianConfidenceInterval({2.5});
    QCOMPARE(one.low, 2.5);
    QCOMPARE(one.high, 2.5);
    QCOMPARE(one.median, 2.5);
  }

  // Thousands of calls (2^-n underflows): a narrow interval around the median.
  void manyCallsGiveANarrowInterval() {
    std::vector<double> calls;
    for (int i = 0; i < 4000; ++i) calls.push_back(1.0 + (i % 100) / 1000.0);
    MedianInterval m = MedianConfidenceInterval(calls);
    QCOMPARE(m.samples, 4000);
    QVERIFY(m.low <= m.median && m.median <= m.high);
    QVERIFY2(m.high - m.low <= 0.01, qPrintable(QString("%1..%2").arg(m.low).arg(m.high)));
    QVERIFY(m.coverage >= 0.95 && m.coverage < 1.0);
  }

  void unusableCallsAreIgnored() {
    MedianInterval m = MedianConfidenceInterval({0, -1, NAN, 2, INFINITY});
    QCOMPARE(m.samples, 1);
    QCOMPARE(m.median, 2.0);
    QVERIFY(!MedianConfidenceInterval({}).known());
  }

  // One slow call of the fast kernel must not make ×6 "within noise" (the fastest-to-
  // slowest ranges overlap here: [1, 6] and [5.9, 6.1]).
  void oneSlowCallDoesNotHideASixfoldDifference() {
    std::vector<double> fast = Around(1.0, 9);
    fast.push_back(6.0);
    std::vector<double> slow = Around(6.0, 10);
    TimingComparison c = CompareTimings(slow, fast);
    QCOMPARE(c.verdict, NoiseVerdict::kDiffers);
    QVERIFY2(c.speedup > 5.5 && c.speedup < 6.5, qPrintable(QString::number(c.speedup)));
    TimingComparison back = CompareTimings(fast, slow);
    QCOMPARE(back.verdict, NoiseVerdict::kDiffers);
    QVERIFY(back.speedup < 0.2);
  }

  void theSameKernelTwiceIsWithinNoise() {
    TimingComparison c = CompareTimings(Around(2.0, 12), Around(2.01, 12));
    QCOMPARE(c.verdict, NoiseVerdict::kWithinNoise);
    QVERIFY(c.withinNoise());
    QVERIFY(std::abs(c.speedup - 2.0 / 2.01) < 0.02);
  }

  void aSideWithoutCallsIsUnknown() {
    TimingComparison c = CompareTimings({}, Around(1.0, 5));
    QCOMPARE(c.verdict, NoiseVerdict::kUnknown);
    QCOMPARE(c.speedup, 0.0);
    QCOMPARE(std::string(NoiseVerdictName(c.verdict)), std::string("unknown"));
  }

  // One process's calls vary less than the kernels move between processes: four
  // processes see 2.0x, a fifth 2.6x. The pooled intervals alone allow about 1.96x-2.04x;
  // the stated spread reaches the fifth process's own speed-up.
  void theSpreadReachesEachProcesssOwnSpeedup() {
    std::vector<ProcessTimings> processes;
    for (int p = 0; p < 5; ++p)
      processes.push_back({Around(p == 4 ? 2.6 : 2.0, 10), Around(1.0, 10)});
    TimingComparison c = CompareTimingsAcrossProcesses(processes);
    QCOMPARE(c.processes, 5);
    QCOMPARE(c.baseline.samples, 50);
    QVERIFY(std::abs(c.process_speedup_low - 2.0) < 1e-9);
    QVERIFY(std::abs(c.process_speedup_high - 2.6) < 1e-9);
    const double interval_high = c.baseline.high / c.candidate.low;
    QVERIFY2(interval_high < 2.1, qPrintable(QString::number(interval_high)));
    const auto [low, high] = c.speedupSpread();
    QVERIFY(std::abs(low - c.baseline.low / c.candidate.high) < 1e-12);
    QVERIFY(std::abs(high - 2.6) < 1e-9);
    QCOMPARE(c.verdict, NoiseVerdict::kDiffers);
    // One process: the intervals' spread, nothing added.
    TimingComparison one = CompareTimingsAcrossProcesses({processes.back()});
    QCOMPARE(one.processes, 1);
    QVERIFY(std::abs(one.speedupSpread().second - one.baseline.high / one.candidate.low) < 1e-12);
  }

  // Pooled, the candidate's calls are clearly faster (four processes at 0.8 ms against
  // 1.0), but in the fifth it is slower than the baseline: the speed-up is within noise.
  void aProcessSlowerThanTheBaselineMakesItNoise() {
    std::vector<ProcessTimings> processes;
    for (int p = 0; p < 5; ++p)
      processes.push_back({Around(1.0, 10), Around(p == 4 ? 1.05 : 0.8, 10)});
    TimingComparison pooled = CompareTimings(Around(1.0, 50), Around(0.8, 50));
    QCOMPARE(pooled.verdict, NoiseVerdict::kDiffers);
    TimingComparison c = CompareTimingsAcrossProcesses(processes);
    QVERIFY(c.baseline.low > c.candidate.high);  // the intervals do not overlap
    QVERIFY(c.speedupSpread().first < 1.0);
    QCOMPARE(c.verdict, NoiseVerdict::kWithinNoise);
  }

  // A process's state (its threads' CPUs, its pages) moves both kernels it times alike:
  // three processes run the baseline at 0.5 ms and the candidate at 0.6, a fourth every
  // call of both about 2.4 times slower. Each process's own speed-up is 0.83x, but the
  // kernels profiled each in a process of its own can meet different states: the spread
  // reaches the baseline's fastest process over the candidate's slowest, and the reverse.
  void theSpreadReachesTheUnpairedProcessStates() {
    std::vector<ProcessTimings> processes;
    for (int p = 0; p < 4; ++p) {
      const double state = p == 3 ? 2.4 : 1.0;
      processes.push_back({Around(0.5 * state, 200), Around(0.6 * state, 200)});
    }
    TimingComparison c = CompareTimingsAcrossProcesses(processes);
    QCOMPARE(c.processes, 4);
    QVERIFY(std::abs(c.process_speedup_low - 0.5 / 0.6) < 1e-9);
    QVERIFY(std::abs(c.process_speedup_high - 0.5 / 0.6) < 1e-9);
    QVERIFY(std::abs(c.unpaired_speedup_low - 0.5 / (0.6 * 2.4)) < 1e-9);
    QVERIFY(std::abs(c.unpaired_speedup_high - 0.5 * 2.4 / 0.6) < 1e-9);
    const auto [low, high] = c.speedupSpread();
    QVERIFY(std::abs(low - c.unpaired_speedup_low) < 1e-12);
    QVERIFY(std::abs(high - c.unpaired_speedup_high) < 1e-12);
    QCOMPARE(c.verdict, NoiseVerdict::kWithinNoise);  // the spread holds 1
    // All in one state, the spread is the processes' own (and the intervals').
    processes.pop_back();
    TimingComparison same = CompareTimingsAcrossProcesses(processes);
    QVERIFY(same.speedupSpread().second < 0.86);
  }

  // A process that timed one side only says nothing about the speed-up.
  void aProcessWithOneSideIsLeftOut() {
    TimingComparison c = CompareTimingsAcrossProcesses(
        {{Around(2.0, 10), Around(1.0, 10)}, {{}, Around(0.1, 10)}, {Around(9.0, 10), {}}});
    QCOMPARE(c.processes, 1);
    QCOMPARE(c.candidate.samples, 10);
    QVERIFY(std::abs(c.speedup - 2.0) < 0.05);
    TimingComparison none = CompareTimingsAcrossProcesses({{{}, Around(1.0, 3)}});
    QCOMPARE(none.processes, 0);
    QCOMPARE(none.verdict, NoiseVerdict::kUnknown);
    QCOMPARE(none.speedupSpread().first, 0.0);
  }

  void plansUpToTenRounds() {
    InterleavedPlan p = PlanInterleavedRounds(25);
    QCOMPARE(p.rounds, 10);
    QCOMPARE(p.calls_per_round, 3);
    p = PlanInterleavedRounds(3);
    QCOMPARE(p.rounds, 3);
    QCOMPARE(p.calls_per_round, 1);
    p = PlanInterleavedRounds(0);
    QCOMPARE(p.rounds, 1);
    QCOMPARE(p.calls_per_round, 1);
  }

  // Each round times every kernel, starting with the next one each round.
  void roundsInterleaveAndRotate() {
    std::vector<int> order;
    auto time = [&](int kernel, int calls) -> tessera::Result<std::vector<double>> {
      order.push_back(kernel);
      return std::vector<double>(size_t(calls), 1.0 + kernel);
    };
    auto out = MeasureInterleaved(3, {3, 2}, time);
    QVERIFY(out.ok());
    QCOMPARE(order, (std::vector<int>{0, 1, 2, 1, 2, 0, 2, 0, 1}));
    QCOMPARE(int(out->size()), 3);
    for (int k = 0; k < 3; ++k) QCOMPARE(out->at(size_t(k)), std::vector<double>(6, 1.0 + k));
  }

  void anErrorOrACancelStopsTheRounds() {
    auto failing = [](int kernel, int) -> tessera::Result<std::vector<double>> {
      if (kernel == 1) return tessera::Error("the kernel crashed");
      return std::vector<double>{1.0};
    };
    auto out = MeasureInterleaved(2, {2, 1}, failing);
    QVERIFY(!out.ok());
    QCOMPARE(QString::fromStdString(out.error().message), QString("kernel 1: the kernel crashed"));
    int rounds = 0;
    auto counting = [&](int, int) -> tessera::Result<std::vector<double>> {
      return std::vector<double>{1.0};
    };
    auto cut = MeasureInterleaved(2, {5, 1}, counting, [&] { return ++rounds > 2; });
    QVERIFY(cut.ok());
    QCOMPARE(int(cut->at(0).size()), 2);
    QVERIFY(!MeasureInterleaved(0, {1, 1}, counting).ok());
    QVERIFY(!MeasureInterleaved(2, {0, 1}, counting).ok());
  }
};

}  // namespace tst_timing_stats

QTEST_APPLESS_MAIN(tst_timing_stats::TestTimingStats)
#include "tst_timing_stats.moc"
