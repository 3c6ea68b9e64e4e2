// What keeps a tuning run alive and on time (issue #13, measurement): a child forked
// after the parent ran a parallel kernel gets a thread pool of its own (it used to wait
// forever for the parent's worker threads), so the ChildProcessRunner measures parallel
// candidates after the tuner's process started its pool; the ChildProcessRunner stops
// between the candidates of a batch when cancelled; the tuner checks its time budget
// inside a batch and caps a candidate's timeout at the budget left (a candidate cut
// short by the budget is not recorded as a slow or failed schedule).
#include <sys/wait.h>
#include <unistd.h>

#include <QtTest>
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "runtime/ThreadPool.h"
#include "script/Evaluator.h"
#include "tune/ChildProcessRunner.h"
#include "tune/HostSpeed.h"
#include "tune/Rerank.h"
#include "tune/Tuner.h"

namespace tst_tune_isolation {

using namespace tessera;
using namespace tessera::tune;

namespace {

const char* kSmallGemm = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
B = te.placeholder((64, 64), name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

// The same GEMM with a parallel outer loop: its kernel runs on the runtime's thread pool.
const char* kParallelGemm = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
B = te.placeholder((64, 64), name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
s[C].parallel(C.op.axis[0])
)";

script::ScriptProgram Load(const std::string& source) {
  auto program = script::EvaluateScript(source, "gemm.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  return std::move(program.value());
}

// Starts the process-wide pool with its worker threads, as a kernel run in this process does.
int64_t StartGlobalPool() {
  std::atomic<int64_t> sum{0};
  runtime::ThreadPool::Global().ParallelFor(64, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) sum += i;
    return 0;
  });
  return sum.load();
}

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// A runner that measures nothing: every candidate "takes" `seconds_per_candidate`
// (slept in steps, polling cancel) and reports a made-up time; with `hang` a candidate
// runs until its request's timeout and is reported Timeout, as MeasureBatch does.
class SlowRunner : public runner::Runner {
 public:
  double seconds_per_candidate = 0.4;
  bool hang = false;
  int measured = 0;
  std::vector<double> timeouts;

  std::string Name() const override { return "slow-fake"; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks& callbacks) override {
    std::vector<runner::MeasureResult> out;
    for (const runner::MeasureRequest& r : requests) {
      runner::MeasureResult m;
      m.id = r.id;
      if (!r.check && callbacks.cancelled && callbacks.cancelled()) {
        m.status = runner::MeasureStatus::Cancelled;
        out.push_back(m);
        continue;
      }
      if (!r.check) {
        timeouts.push_back(r.timeout_s);
        const double limit = hang ? r.timeout_s : seconds_per_candidate;
        const auto start = std::chrono::steady_clock::now();
        while (Seconds(start) < std::min(limit, 120.0))
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
        ++measured;
      }
      m.status = hang && !r.check ? runner::MeasureStatus::Timeout : runner::MeasureStatus::Ok;
      m.median_ms = m.min_ms = 1.0 + static_cast<double>(out.size());
      m.times_ms = {m.median_ms};
      m.gflops = 1.0 / m.median_ms;
      out.push_back(m);
    }
    return out;
  }
};

// A fake runner whose times a subclass picks from each request: its id is "<kind><schedule
// hash>" ('c' a candidate, 'k' an oracle check, 'r' a confirmation) or, for the re-ranking
// after the search, "q<hash>-<round>".
class ChosenTimesRunner : public runner::Runner {
 public:
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks&) override {
    std::vector<runner::MeasureResult> out;
    for (const runner::MeasureRequest& r : requests) {
      runner::MeasureResult m;
      m.id = r.id;
      m.status = runner::MeasureStatus::Ok;
      m.median_ms = TimeOf(r, r.id.substr(1, r.id.find('-') - 1));
      m.min_ms = m.median_ms;
      m.times_ms = {m.median_ms};
      m.gflops = 1.0 / m.median_ms;
      out.push_back(m);
    }
    return out;
  }

 protected:
  virtual double TimeOf(const runner::MeasureRequest& r, const std::string& hash) = 0;
  // Every other candidate: 2.0-2.1 ms, the same each time.
  static double Ordinary(const std::string& hash) {
    return 2.0 + static_cast<double>(std::hash<std::string>{}(hash) % 100) / 1000.0;
  }
};

// Times the first candidate measured at 3 ms once and at 1 ms every time after (a good
// candidate measured in a slow moment).
class UnluckyFirstRunner : public ChosenTimesRunner {
 public:
  std::string unlucky;
  int reranks = 0;  // measurements of the re-ranking after the search

  std::string Name() const override { return "unlucky-first-fake"; }

 protected:
  double TimeOf(const runner::MeasureRequest& r, const std::string& hash) override {
    const bool first = !r.check && unlucky.empty();
    if (first) unlucky = hash;
    reranks += r.id[0] == 'q' ? 1 : 0;
    return hash == unlucky ? (first ? 3.0 : 1.0) : Ordinary(hash);
  }
};

// Times the first candidate measured at 0.5 ms, then at 3 ms when it is timed again (a
// lucky timing: the noisy machine's winner's curse).
class LuckyFirstRunner : public ChosenTimesRunner {
 public:
  std::string lucky;  // the hash of the first candidate measured
  int retimed = 0;    // confirmations

  std::string Name() const override { return "lucky-first-fake"; }

 protected:
  double TimeOf(const runner::MeasureRequest& r, const std::string& hash) override {
    if (!r.check && lucky.empty()) lucky = hash;
    retimed += r.id[0] == 'r' ? 1 : 0;
    const bool again = r.id[0] == 'r' || r.id[0] == 'q';
    return hash == lucky ? (again ? 3.0 : 0.5) : Ordinary(hash);
  }
};

// A machine whose speed moves: the first candidate, the best schedule (1 ms at full speed),
// is measured while the machine runs 2.5x slower; every other candidate (2.0-2.1 ms) at
// full speed. Each timed call comes with the host probe's time just before it (0.5 ms at
// full speed), as the real runner reports them.
class SlowMomentRunner : public ChosenTimesRunner {
 public:
  std::string slowed;  // the hash of the candidate measured in the slow moment
  bool with_probes = true;

  std::string Name() const override { return "slow-moment-fake"; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks& callbacks) override {
    std::vector<runner::MeasureResult> out = ChosenTimesRunner::Measure(requests, callbacks);
    for (runner::MeasureResult& m : out) {
      const double speed = m.id == slow_id_ ? 2.5 : 1.0;  // how much slower the machine ran
      // Three calls; the probe's times move with the machine, with noise of their own.
      m.times_ms = {m.median_ms * 0.98, m.median_ms, m.median_ms * 1.03};
      m.flops = 2e6;  // compute-bound: 200 flops per byte of arguments
      m.bytes = 1e4;
      if (with_probes) m.probe_ms = {0.5 * speed * 0.99, 0.5 * speed, 0.5 * speed * 1.01};
    }
    return out;
  }

 protected:
  double TimeOf(const runner::MeasureRequest& r, const std::string& hash) override {
    if (!r.check && slowed.empty()) {
      slowed = hash;
      slow_id_ = r.id;
    }
    if (hash != slowed) return Ordinary(hash);
    return r.id == slow_id_ ? 2.5 : 1.0;
  }

 private:
  std::string slow_id_;  // the one measurement made in the slow moment
};

// The fake runners' tuning runs: 8 random candidates in batches of 4, no input schedule.
TuneOptions EightRandomTrials() {
  TuneOptions o;
  o.trials = 8;
  o.batch_size = 4;
  o.measure_input = false;
  o.strategy = "random";
  return o;
}

}  // namespace

class TestTuneIsolation : public QObject {
  Q_OBJECT

 private slots:
  void forkedChildGetsAThreadPoolOfItsOwn() {
    if (std::thread::hardware_concurrency() < 2)
      QSKIP("one CPU: the pool has no worker threads to lose");
    QCOMPARE(StartGlobalPool(), int64_t{64 * 63 / 2});
    pid_t pid = fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      alarm(20);  // without a pool of its own the child waits forever: SIGALRM ends it
      _exit(StartGlobalPool() == 64 * 63 / 2 ? 0 : 1);
    }
    int status = 0;
    QCOMPARE(waitpid(pid, &status, 0), pid);
    QVERIFY2(!WIFSIGNALED(status), "the forked child hung in its first parallel loop");
    QCOMPARE(WEXITSTATUS(status), 0);
    // The parent's pool still works.
    QCOMPARE(StartGlobalPool(), int64_t{64 * 63 / 2});
  }

  void childRunnerMeasuresAParallelKernelAfterThisProcessRanOne() {
    if (!codegen::LLVMAvailable()) QSKIP("needs the LLVM backend to measure candidates");
    if (std::thread::hardware_concurrency() < 2)
      QSKIP("one CPU: the pool has no worker threads to lose");
    StartGlobalPool();
    std::string error;
    auto runner = ChildProcessRunner::Create("", &error);
    QVERIFY2(runner, error.c_str());
    runner::MeasureRequest r;
    r.id = "parallel";
    r.script = kParallelGemm;
    r.repeat = 2;
    r.timeout_s = 30;
    auto results = runner->Measure({r}, {});
    QCOMPARE(results.size(), size_t{1});
    QVERIFY2(results[0].status == runner::MeasureStatus::Ok, results[0].message.c_str());
  }

  void childRunnerStopsBetweenCandidatesWhenCancelled() {
    std::string error;
    auto runner = ChildProcessRunner::Create("", &error);
    QVERIFY2(runner, error.c_str());
    std::vector<runner::MeasureRequest> requests(3);
    for (size_t i = 0; i < requests.size(); ++i) {
      requests[i].id = "c" + std::to_string(i);
      requests[i].script = kSmallGemm;
      requests[i].repeat = 1;
      requests[i].timeout_s = 2;
      requests[i].test_fault = "hang";  // each would take its whole timeout
    }
    int done = 0;
    runner::MeasureCallbacks cb;
    cb.on_result = [&](const runner::MeasureResult&) { ++done; };
    cb.cancelled = [&] { return done >= 1; };
    auto results = runner->Measure(requests, cb);
    QCOMPARE(results.size(), size_t{3});
    QVERIFY(results[0].status != runner::MeasureStatus::Cancelled);
    // Cancelled, not Timeout: neither was started (no wall-clock limit is asserted, a
    // loaded machine must not fail the test).
    QVERIFY(results[1].status == runner::MeasureStatus::Cancelled);
    QVERIFY(results[2].status == runner::MeasureStatus::Cancelled);
  }

  void tunerChecksItsTimeBudgetInsideABatch() {
    SlowRunner runner;
    runner.seconds_per_candidate = 1.0;
    auto program = Load(kSmallGemm);
    TuneOptions o;
    o.trials = 8;
    o.batch_size = 8;  // one batch of 8 x 1 s without a check inside it
    o.time_budget_s = 2.0;
    o.measure_input = false;
    o.rerank_top =
        0;  // the search's own checks (the re-ranking's: aSearchThatSpendsItsBudgetIsStillReranked)
    auto result = Tune(program, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    // The batch was cut: not all 8 seconds were spent (a count, not a wall-clock limit).
    QVERIFY2(runner.measured <= 3, std::to_string(runner.measured).c_str());
    QCOMPARE(result->measured, runner.measured);
    // Every candidate's timeout was cut to what was left of the budget.
    for (double t : runner.timeouts) QVERIFY(t <= o.time_budget_s + 1e-9);
  }

  // A search that spends its budget is still re-ranked: the search leaves the re-ranking
  // what its measurements take at the search's pace, at least a tenth of the budget. Fast
  // candidates (0.1 s): the tenth, 0.6 s of 6, for 2 x 0.1 s. Slow ones (0.3 s): 4 x 1 + the
  // one in flight = 1.5 s of 9, where the fixed tenth (0.9 s) timed 3 of the 4 again
  // (failed before).
  void aSearchThatSpendsItsBudgetIsStillReranked_data() {
    QTest::addColumn<double>("seconds_per_candidate");
    QTest::addColumn<double>("budget");
    QTest::addColumn<int>("top");
    QTest::newRow("fast candidates: the tenth") << 0.1 << 6.0 << 2;
    QTest::newRow("slow candidates: what the re-ranking takes") << 0.3 << 9.0 << 4;
  }
  void aSearchThatSpendsItsBudgetIsStillReranked() {
    QFETCH(double, seconds_per_candidate);
    QFETCH(double, budget);
    QFETCH(int, top);
    SlowRunner runner;
    runner.seconds_per_candidate = seconds_per_candidate;
    auto program = Load(kSmallGemm);
    TuneOptions o;
    o.trials = 1000;  // more than the budget allows
    o.batch_size = 4;
    o.time_budget_s = budget;
    o.measure_input = false;
    o.strategy = "random";
    o.confirm_best = false;  // the re-timings of would-be bests would move the pace
    o.rerank_top = top;
    o.rerank_rounds = 1;
    auto result = Tune(program, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QVERIFY(result->measured >= top);
    QCOMPARE(result->rerank_rounds, 1);
    QCOMPARE(result->reranked, top);
    // Counted, not timed: the re-ranking's candidates are checked against the budget too.
    for (double t : runner.timeouts) QVERIFY(t <= o.time_budget_s + 1e-9);
  }

  // A candidate fast once and slow when timed again does not stay the best; without the
  // confirmation (TuneOptions::confirm_best = false, the earlier behaviour) it does.
  void aLuckyTimingDoesNotMakeTheBest() {
    auto program = Load(kSmallGemm);
    TuneOptions o = EightRandomTrials();
    o.rerank_top = 0;  // the confirmation alone (the re-ranking would correct it too)
    LuckyFirstRunner confirming;
    auto confirmed = Tune(program, confirming, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(confirmed.ok(), confirmed.ok() ? "" : confirmed.error().message.c_str());
    QVERIFY(!confirming.lucky.empty());
    QVERIFY(confirmed->best.has_value());
    QVERIFY2(confirmed->best->schedule_hash != confirming.lucky,
             "the lucky candidate stayed the best");
    QVERIFY(confirmed->best->median_ms >= 2.0 && confirmed->best->median_ms < 2.1);
    QVERIFY(confirmed->demoted >= 1);
    QVERIFY(confirmed->confirmations >= 2);  // the lucky one, then the one that took the lead
    QCOMPARE(confirmed->confirmations, confirming.retimed);
    QCOMPARE(confirmed->measured, 8);  // the re-timings are not candidates

    o.confirm_best = false;
    LuckyFirstRunner trusting;
    auto trusted = Tune(program, trusting, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(trusted.ok(), trusted.ok() ? "" : trusted.error().message.c_str());
    QVERIFY(trusted->best.has_value());
    QCOMPARE(trusted->best->schedule_hash, trusting.lucky);
    QCOMPARE(trusting.retimed, 0);
  }

  // The tuner ranks by time relative to the host probe measured with each call: the best
  // schedule, measured once while the machine ran 2.5x slower, still leads (without the
  // confirmation and the re-ranking, which would need more measurements to see it).
  void aSlowMomentOfTheMachineDoesNotDecideTheRanking() {
    auto program = Load(kSmallGemm);
    TuneOptions o = EightRandomTrials();
    o.rerank_top = 0;
    o.confirm_best = false;
    SlowMomentRunner probed;
    auto db = Database::Open(":memory:");
    QVERIFY(db.ok());
    auto ranked = Tune(program, probed, db->get(), runner::ReadMachineSignature(), o);
    QVERIFY2(ranked.ok(), ranked.ok() ? "" : ranked.error().message.c_str());
    QVERIFY(ranked->best.has_value());
    QCOMPARE(ranked->best->schedule_hash, probed.slowed);
    // Times are scaled to the machine's reference probe time (calibrated in this process
    // by the first result with probes, runtime::CalibrateHostProbe): the best's calls took
    // twice its probes, the others' four times theirs. The measured times are kept.
    auto reference = (*db)->ProbeReference(ranked->machine_key, [] { return 99.0; });
    QVERIFY(reference.ok());
    QVERIFY(*reference > 0 && *reference < 99.0);
    QVERIFY(std::abs(ranked->best->median_ms - 2.0 * *reference) < 1e-9 * *reference);
    QCOMPARE(ranked->best->times_ms.size(), size_t{3});
    QVERIFY(std::abs(ranked->best->times_ms[1] - 2.5) < 1e-9);
    auto all =
        (*db)->All(RecordQuery{ranked->best->workload, ranked->best->target, ranked->machine_key});
    QVERIFY(all.ok());
    for (const TuningRecord& r : *all)
      if (r.schedule_hash != probed.slowed)
        QVERIFY2(r.median_ms >= 4.0 * *reference && r.median_ms < 4.21 * *reference,
                 r.script.c_str());

    // Without probes (a CUDA kernel, an older worker's results) the times rank as measured.
    SlowMomentRunner unprobed;
    unprobed.with_probes = false;
    auto raw = Tune(program, unprobed, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(raw.ok(), raw.ok() ? "" : raw.error().message.c_str());
    QVERIFY(raw->best.has_value());
    QVERIFY(raw->best->schedule_hash != unprobed.slowed);
    QVERIFY(raw->best->median_ms >= 2.0 && raw->best->median_ms < 2.1);
  }

  // The probe-relative time is used only where the probe can track the kernel: every
  // timed call has a positive probe, and the work is compute-bound.
  void hostNormalizedTimeNeedsProbesAndComputeBoundWork() {
    runner::MeasureResult r;
    r.status = runner::MeasureStatus::Ok;
    r.times_ms = {2.0, 6.0, 3.0};
    r.probe_ms = {1.0, 3.0, 1.0};  // the second call in a 3x slower moment
    r.median_ms = 3.0;
    r.flops = 1e9;
    r.bytes = 1e6;
    QVERIFY(HasHostProbes(r));
    QCOMPARE(MedianProbeMs(r), 1.0);
    QCOMPARE(HostNormalizedMs(r, 0.5), 1.0);  // median(2, 2, 3) x 0.5
    QCOMPARE(HostNormalizedMs(r, 0.0), 3.0);  // no reference: as measured
    runner::MeasureResult memory_bound = r;
    memory_bound.flops = 4e6;  // 4 flops per byte (a softmax has <1)
    QVERIFY(!HasHostProbes(memory_bound));
    QCOMPARE(HostNormalizedMs(memory_bound, 0.5), 3.0);
    runner::MeasureResult unknown_bytes = r;
    unknown_bytes.bytes = 0;
    QVERIFY(!HasHostProbes(unknown_bytes));
    runner::MeasureResult missing = r;
    missing.probe_ms = {1.0, 0.0, 1.0};
    QVERIFY(!HasHostProbes(missing));
    missing.probe_ms = {1.0, 1.0};
    QVERIFY(!HasHostProbes(missing));
    QCOMPARE(HostNormalizedMs(missing, 0.5), 3.0);
  }

  void anUnluckyTimingIsCorrectedByTheRerank() {
    auto program = Load(kSmallGemm);
    TuneOptions o = EightRandomTrials();
    o.rerank_top = 0;
    UnluckyFirstRunner once;
    auto ranked_once = Tune(program, once, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(ranked_once.ok(), ranked_once.ok() ? "" : ranked_once.error().message.c_str());
    QVERIFY(ranked_once->best.has_value());
    QVERIFY2(ranked_once->best->schedule_hash != once.unlucky,
             "without re-ranking the unlucky one cannot lead");
    QCOMPARE(once.reranks, 0);

    o.rerank_top = 8;
    o.rerank_rounds = 3;
    UnluckyFirstRunner again;
    auto db = Database::Open(":memory:");
    QVERIFY(db.ok());
    auto reranked = Tune(program, again, db->get(), runner::ReadMachineSignature(), o);
    QVERIFY2(reranked.ok(), reranked.ok() ? "" : reranked.error().message.c_str());
    QVERIFY(reranked->best.has_value());
    QCOMPARE(reranked->best->schedule_hash, again.unlucky);
    QCOMPARE(reranked->best->median_ms, 1.0);  // the median of its rounds: 1, 1
    // The others, 2.0-2.1 ms every time, leave the race after their first rounds.
    QCOMPARE(reranked->rerank_rounds, kRerankMinRounds);
    QCOMPARE(reranked->reranked, 8);
    QCOMPARE(again.reranks, kRerankMinRounds * 8);
    QCOMPARE(reranked->measured, 8);  // the re-timings are not candidates
    // The database holds the kept medians: `--best` agrees with the run.
    auto best = (*db)->Best(
        RecordQuery{reranked->best->workload, reranked->best->target, reranked->machine_key});
    QVERIFY(best.ok() && best->has_value());
    QCOMPARE((*best)->id, reranked->best->id);
    QCOMPARE((*best)->median_ms, 1.0);
    QVERIFY((*best)->message.find("re-ranked") != std::string::npos);
  }

  void aDemotedInputScheduleIsComparedAtItsKeptTiming() {
    // The input is measured first, so it is the lucky one: fast once, slower when it would lead.
    auto program = Load(kSmallGemm);
    TuneOptions o;
    o.trials = 4;
    o.batch_size = 4;
    o.strategy = "random";
    o.rerank_top = 0;
    LuckyFirstRunner runner;
    auto db = Database::Open(":memory:");
    QVERIFY(db.ok());
    auto result = Tune(program, runner, db->get(), runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QVERIFY(result->input.has_value());
    QCOMPARE(result->input->schedule_hash, runner.lucky);
    QVERIFY(result->demoted >= 1);
    QCOMPARE(result->input->median_ms, 3.0);  // the kept (slower) timing, as in the database
    auto stored = (*db)->All(
        RecordQuery{result->input->workload, result->input->target, result->input->machine_key});
    QVERIFY(stored.ok());
    bool found = false;
    for (const TuningRecord& r : *stored)
      if (r.id == result->input->id) {
        found = true;
        QCOMPARE(r.median_ms, result->input->median_ms);
      }
    QVERIFY(found);
  }

  void aHangingCandidateIsStoppedAtTheEndOfTheBudgetAndNotRecorded() {
    SlowRunner runner;
    runner.hang = true;  // every candidate runs until its timeout (60 s unless cut)
    auto program = Load(kSmallGemm);
    TuneOptions o;
    o.trials = 4;
    o.batch_size = 4;
    o.time_budget_s = 3.0;
    o.timeout_s = 60;
    o.measure_input = false;
    auto result = Tune(program, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    // One started, with its timeout cut to what was left of the budget (not 60 s): what
    // ends it at the budget, asserted without a wall-clock limit.
    QVERIFY(!runner.timeouts.empty());
    for (double t : runner.timeouts)
      QVERIFY2(t <= o.time_budget_s + 1e-9, std::to_string(t).c_str());
    QCOMPARE(result->measured, 0);  // cut by the budget: not a record of a failed schedule
    QVERIFY(!result->best.has_value());
  }
};

}  // namespace tst_tune_isolation

QTEST_APPLESS_MAIN(tst_tune_isolation::TestTuneIsolation)
#include "tst_tune_isolation.moc"
