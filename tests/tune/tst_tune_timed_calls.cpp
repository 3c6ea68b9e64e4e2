// The calls of the search's timings (TuneOptions::min_timed_ms, TimedCalls): `repeat` until
// the run has timed a kernel, then enough calls for its fastest kernel to reach the floor,
// at most kMaxTimedCalls; the oracle checks keep one call. A fake runner chooses the times
// and records what each request asked for.
#include <QtTest>
#include <vector>

#include "TuneTestSupport.h"
#include "tune/Tuner.h"

namespace tst_tune_timed_calls {

using namespace tessera;
using namespace tessera::tune;

namespace {

// Every kernel takes `ms`; each request's id kind ('c' candidate or input, 'k' check,
// 'r' confirmation, 'q' re-ranking) and calls are kept in the order asked.
class FixedTimeRunner : public runner::Runner {
 public:
  explicit FixedTimeRunner(double ms) : ms_(ms) {}
  struct Asked {
    char kind;
    int repeat;
    double timing_timeout_s;
  };
  std::vector<Asked> asked;

  // With stop_every n > 0, every n-th request that carries a timing limit comes back
  // stopped at it, as a far slower kernel would.
  int stop_every = 0;
  int stopped = 0;

  std::string Name() const override { return "fixed-time-fake"; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks&) override {
    std::vector<runner::MeasureResult> out;
    for (const runner::MeasureRequest& r : requests) {
      asked.push_back({r.id[0], r.repeat, r.timing_timeout_s});
      runner::MeasureResult m;
      m.id = r.id;
      if (stop_every > 0 && r.timing_timeout_s > 0 && ++limited_ % stop_every == 0) {
        m.status = runner::MeasureStatus::Timeout;
        m.message = "exceeded its timing limit";
        m.timing_limit_hit = true;
        ++stopped;
      } else {
        m.status = runner::MeasureStatus::Ok;
        m.times_ms.assign(static_cast<size_t>(r.repeat), ms_);
        m.median_ms = m.min_ms = ms_;
        m.gflops = 1.0 / ms_;
      }
      out.push_back(m);
    }
    return out;
  }

 private:
  double ms_;
  int limited_ = 0;
};

TuneOptions EightTrials(double min_timed_ms) {
  TuneOptions o;
  o.trials = 8;
  o.batch_size = 4;
  o.repeat = 3;
  o.min_timed_ms = min_timed_ms;
  o.strategy = "random";
  o.claim_processes = 0;
  return o;
}

// The calls each kind of request asked for, in order.
std::vector<int> CallsOf(const FixedTimeRunner& runner, char kind) {
  std::vector<int> calls;
  for (const FixedTimeRunner::Asked& a : runner.asked)
    if (a.kind == kind) calls.push_back(a.repeat);
  return calls;
}

// The timing limits each kind of request carried, in order.
std::vector<double> LimitsOf(const FixedTimeRunner& runner, char kind) {
  std::vector<double> limits;
  for (const FixedTimeRunner::Asked& a : runner.asked)
    if (a.kind == kind) limits.push_back(a.timing_timeout_s);
  return limits;
}

}  // namespace

class TestTuneTimedCalls : public QObject {
  Q_OBJECT

 private slots:
  void callsReachTheFloorWithinTheirBounds() {
    QCOMPARE(TimedCalls(3, 10, 0), 3);     // nothing timed yet
    QCOMPARE(TimedCalls(3, 10, 0.5), 20);  // 20 x 0.5 ms = the floor
    QCOMPARE(TimedCalls(3, 10, 0.3), 34);  // rounded up: 34 x 0.3 >= 10
    QCOMPARE(TimedCalls(3, 10, 5), 3);     // 3 x 5 ms already past it
    QCOMPARE(TimedCalls(3, 10, 0.001), kMaxTimedCalls);
    QCOMPARE(TimedCalls(3, 0, 0.5), 3);               // no floor
    QCOMPARE(TimedCalls(200, 10, 0.5), 200);          // never fewer than asked
    QCOMPARE(TimedCalls(10, 200, 0.03, 2000), 2000);  // a caller's own cap
    QCOMPARE(TimedCalls(10, 200, 0.5, 2000), 400);
  }

  // A 0.5 ms kernel: the input's timing (the first) gets `repeat` calls, every later
  // candidate, confirmation and re-ranking round 20; the checks one.
  void aShortKernelIsTimedUpToTheFloor() {
    script::ScriptProgram p = tune::test::Load(tune::test::GemmScript(64, 64, 64));
    FixedTimeRunner runner(0.5);
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), EightTrials(10));
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(result->measured, 8);
    const std::vector<int> candidates = CallsOf(runner, 'c');
    QCOMPARE(int(candidates.size()), 9);  // the input and eight candidates
    QCOMPARE(candidates.front(), 3);
    for (size_t i = 1; i < candidates.size(); ++i) QCOMPARE(candidates[i], 20);
    const std::vector<int> reranked = CallsOf(runner, 'q');
    QVERIFY(!reranked.empty());
    for (int calls : reranked) QCOMPARE(calls, 20);
    for (int calls : CallsOf(runner, 'r')) QCOMPARE(calls, 20);
    const std::vector<int> checks = CallsOf(runner, 'k');
    QVERIFY(!checks.empty());
    for (int calls : checks) QCOMPARE(calls, 1);
  }

  // A kernel whose `repeat` calls pass the floor, or a run without one: `repeat` throughout.
  void aLongKernelOrNoFloorKeepsRepeat() {
    script::ScriptProgram p = tune::test::Load(tune::test::GemmScript(64, 64, 64));
    for (auto [ms, floor] : {std::pair{5.0, 10.0}, std::pair{0.5, 0.0}}) {
      FixedTimeRunner runner(ms);
      auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), EightTrials(floor));
      QVERIFY(result.ok());
      for (char kind : {'c', 'q', 'r'})
        for (int calls : CallsOf(runner, kind)) QCOMPARE(calls, 3);
    }
  }

  // Without an input to time first (a bare definition), the first batch gets `repeat`
  // calls and the batches after it the floor's.
  void theFirstBatchTeachesTheRest() {
    script::ScriptProgram p = tune::test::Load(tune::test::GemmScript(64, 64, 64));
    FixedTimeRunner runner(0.25);
    TuneOptions o = EightTrials(10);
    o.measure_input = false;
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY(result.ok());
    const std::vector<int> candidates = CallsOf(runner, 'c');
    QCOMPARE(int(candidates.size()), 8);
    for (size_t i = 0; i < candidates.size(); ++i) QCOMPARE(candidates[i], i < 4 ? 3 : 40);
  }

  // The timing limit: kSlowestTimedFactor times the fastest kernel's calls, at least
  // kMinTimingLimitS; none before anything was timed or where the timeout comes first.
  void aCandidateFarSlowerThanTheFastestHasATimingLimit() {
    QCOMPARE(TimingLimitS(1, 3, 0, 60), 0.0);
    QCOMPARE(TimingLimitS(1, 3, 0.5, 60), kMinTimingLimitS);  // 100 x 4 x 0.5 ms = 0.2 s
    QCOMPARE(TimingLimitS(1, 9, 20, 60), 20.0);               // 100 x 10 x 20 ms
    QCOMPARE(TimingLimitS(1, 9, 100, 60), 0.0);               // 100 s: the timeout is shorter
  }

  // In a search every candidate timed after the first kernel carries the limit; the
  // input, the checks, the confirmations and the re-ranking rounds are timed whatever
  // they take.
  void onlyTheSearchsCandidatesAreLimited() {
    script::ScriptProgram p = tune::test::Load(tune::test::GemmScript(64, 64, 64));
    FixedTimeRunner runner(50);  // 3 calls: 100 x (1 + 3) x 50 ms = 20 s
    TuneOptions o = EightTrials(10);
    o.timeout_s = 60;
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY(result.ok());
    const std::vector<double> candidates = LimitsOf(runner, 'c');
    QCOMPARE(int(candidates.size()), 9);
    QCOMPARE(candidates.front(), 0.0);  // the input
    for (size_t i = 1; i < candidates.size(); ++i) QCOMPARE(candidates[i], 20.0);
    QVERIFY(!LimitsOf(runner, 'k').empty());
    QVERIFY(!LimitsOf(runner, 'q').empty());
    for (char kind : {'k', 'r', 'q'})
      for (double limit : LimitsOf(runner, kind)) QCOMPARE(limit, 0.0);
  }

  void candidatesStoppedAtTheirLimitAreCountedApart() {
    script::ScriptProgram p = tune::test::Load(tune::test::GemmScript(64, 64, 64));
    FixedTimeRunner runner(50);
    runner.stop_every = 3;
    TuneOptions o = EightTrials(10);
    o.timeout_s = 60;
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY(result.ok());
    QVERIFY(runner.stopped > 0);
    QCOMPARE(result->too_slow, runner.stopped);
    QCOMPARE(result->failed, runner.stopped);  // still failed: not a kernel's time
  }
};

}  // namespace tst_tune_timed_calls

QTEST_GUILESS_MAIN(tst_tune_timed_calls::TestTuneTimedCalls)
#include "tst_tune_timed_calls.moc"
