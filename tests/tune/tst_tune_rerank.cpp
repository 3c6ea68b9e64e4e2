// The re-ranking after the search as a race (Rerank.h, TuneOptions::rerank_top): a record
// lucky once does not lead one that is always faster, nor does a host probe slowed by
// another process make the pick; records clearly slower than the leader leave after
// their first rounds and the rounds go on for those that may still win, up to the limit
// while they tie; a record left out that beats the leader joins; the budget cuts the
// rounds between records and leaves the claim its share; the input is timed in every
// round when the claim over it comes from them. A fake runner chooses each record's time
// by the order it was first measured in and by its round.
#include <QtTest>
#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <thread>
#include <vector>

#include "TuneTestSupport.h"
#include "script/export/ScriptPrinter.h"
#include "tune/Database.h"
#include "tune/Fingerprint.h"
#include "tune/Rerank.h"
#include "tune/Tuner.h"

namespace tst_tune_rerank {

using namespace tessera;
using namespace tessera::tune;

namespace {

// The workload: a 64^3 GEMM, bare.
script::ScriptProgram LoadRaceGemm() {
  return tune::test::Load(tune::test::GemmScript(64, 64, 64));
}

// A candidate's time: `role` is the order in which the search first measured it (0-based;
// -1 the input), `kind` the request id's first letter ('c' a candidate or the input, 'k'
// a check, 'r' a confirmation, 'q' the re-ranking, 'v' a claim's process) and `round` its
// re-ranking round (1-based; 0 outside the re-ranking).
using RaceTime = std::function<double(int role, char kind, int round)>;

// Times `time` chooses, three calls ±1% around it a request (and as many of its baseline
// script; a time of 0 or less fails the request's run); every request is kept, and each
// takes `seconds` of wall time. It stops between
// requests when its caller cancels, as the real runners do.
class RaceRunner : public runner::Runner {
 public:
  RaceRunner(std::string input_hash, RaceTime time)
      : input_hash_(std::move(input_hash)), time_(std::move(time)) {}
  double seconds = 0;
  // Set: each call comes with this host probe time (HostSpeed.h) and work enough to be
  // scaled by it; its arguments are the time's.
  RaceTime probe;
  std::vector<runner::MeasureRequest> asked;

  std::string Name() const override { return "race-fake"; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks& callbacks) override {
    std::vector<runner::MeasureResult> out;
    for (const runner::MeasureRequest& r : requests) {
      runner::MeasureResult m;
      m.id = r.id;
      if (callbacks.cancelled && callbacks.cancelled()) {
        m.status = runner::MeasureStatus::Cancelled;
        out.push_back(m);
        continue;
      }
      asked.push_back(r);
      if (seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
      const double t = TimeOf(r.id[0], HashOf(r), RoundOf(r));
      if (!(t > 0)) {
        m.status = runner::MeasureStatus::RunError;
        m.message = "the kernel failed";
        out.push_back(m);
        continue;
      }
      if (probe) {
        m.probe_ms.assign(3, probe(RoleOf(HashOf(r)), r.id[0], RoundOf(r)));
        m.flops = 1e9;
        m.bytes = 1e3;
      }
      m.status = runner::MeasureStatus::Ok;
      m.times_ms = {0.99 * t, t, 1.01 * t};
      m.median_ms = t;
      m.min_ms = 0.99 * t;
      m.gflops = 1.0 / t;
      if (!r.baseline_script.empty()) {
        const double b = TimeOf(r.id[0], HashText(r.baseline_script), 0);
        m.baseline_times_ms = {0.99 * b, b, 1.01 * b};
      }
      out.push_back(m);
    }
    return out;
  }

  // The role of a schedule hash (-1 the input, -2 never measured).
  int RoleOf(const std::string& hash) const {
    if (hash == input_hash_) return -1;
    auto it = roles_.find(hash);
    return it == roles_.end() ? -2 : it->second;
  }
  std::string HashOfRole(int role) const {
    for (const auto& [hash, r] : roles_)
      if (r == role) return hash;
    return {};
  }
  // The re-ranking rounds a role was timed in.
  int RoundsOf(int role) const {
    int n = 0;
    for (const runner::MeasureRequest& r : asked)
      n += r.id[0] == 'q' && RoleOf(HashOf(r)) == role ? 1 : 0;
    return n;
  }
  int Asked(char kind) const {
    int n = 0;
    for (const runner::MeasureRequest& r : asked) n += r.id[0] == kind ? 1 : 0;
    return n;
  }

 private:
  static std::string HashOf(const runner::MeasureRequest& r) {
    return r.id.substr(1, r.id.find('-') - 1);
  }
  static int RoundOf(const runner::MeasureRequest& r) {
    const size_t dash = r.id.rfind('-');
    return r.id[0] == 'q' && dash != std::string::npos ? std::stoi(r.id.substr(dash + 1)) : 0;
  }
  double TimeOf(char kind, const std::string& hash, int round) {
    if (hash != input_hash_ && kind == 'c' && !roles_.count(hash)) {
      const int role = static_cast<int>(roles_.size());
      roles_[hash] = role;
    }
    return time_(RoleOf(hash), kind, round);
  }

  std::string input_hash_;
  RaceTime time_;
  std::map<std::string, int> roles_;
};

// Roles 2 and on: 2.0, 2.1, 2.2 ... ms every time, clearly slower than 1 ms.
double Slower(int role) { return 2.0 + 0.1 * (role - 2); }

TuneOptions EightCandidates() {
  TuneOptions o;
  o.trials = 8;
  o.batch_size = 4;
  o.strategy = "random";
  o.measure_input = false;
  o.confirm_best = false;  // the race alone re-times the leaders
  o.claim_processes = 0;
  return o;
}

std::string RaceInputHash(const script::ScriptProgram& p) {
  return HashText(script::PrintScript(p));
}

}  // namespace

class TestTuneRerank : public QObject {
  Q_OBJECT

 private slots:
  // A record timed in one round only neither leaves nor decides who leaves; once both
  // have their rounds, one whose every round is slower than each of the leader's leaves.
  void aRecordLeavesOnlyAfterItsRounds() {
    RerankRace race;
    const size_t fast = race.Enter(), slow = race.Enter(), late = race.Enter();
    race.AddTiming(fast, 1.0);
    race.AddTiming(slow, 2.0);
    QCOMPARE(race.DropClearlySlower(), 0);  // one round each
    race.AddTiming(fast, 1.1);
    race.AddTiming(slow, 1.9);
    race.AddTiming(late, 0.5);                             // a lucky first round
    QCOMPARE(race.Leader(), std::optional<size_t>(fast));  // the late one has one round
    QCOMPARE(race.DropClearlySlower(), 1);
    QVERIFY(!race.racing(slow));
    QCOMPARE(race.leftAfter(slow), 2);
    QVERIFY(!race.Settled());  // the late entrant may still win
    race.AddTiming(fast, 1.0);
    race.AddTiming(late, 1.7);
    QCOMPARE(race.DropClearlySlower(), 0);  // 0.5-1.7 overlaps 1.0-1.1
    QCOMPARE(race.time(fast), 1.0);
    QCOMPARE(race.time(late), 1.1);  // the median of 0.5 and 1.7
    QCOMPARE(race.Leader(), std::optional<size_t>(fast));
  }

  // Pinned records stay whatever their timings; with only them and the leader left the
  // race is settled.
  void aPinnedRecordStays() {
    RerankRace race;
    const size_t best = race.Enter(), input = race.Enter(true);
    for (int round = 0; round < kRerankMinRounds; ++round) {
      race.AddTiming(best, 1.0);
      race.AddTiming(input, 5.0);
    }
    QCOMPARE(race.DropClearlySlower(), 0);
    QVERIFY(race.racing(input));
    QVERIFY(race.Settled());
  }

  // The race compares times as measured. The second candidate measured runs at 1.1 ms,
  // the first at 1.0 ms; the host probes of the second's rounds were slowed twentyfold by
  // another process, which scales its timings at the machine's reference speed to a
  // twentieth. Ranked by those, it led.
  void aProbeSlowedByAnotherProcessDoesNotMakeThePick() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceRunner runner(RaceInputHash(p), [](int role, char, int) {
      return role == 0 ? 1.0 : role == 1 ? 1.1 : Slower(role);
    });
    runner.probe = [](int role, char kind, int) { return role == 1 && kind == 'q' ? 20.0 : 1.0; };
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), EightCandidates());
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(runner.RoleOf(result->best->schedule_hash), 0);
    QCOMPARE(runner.RoundsOf(1), kRerankMinRounds);  // clearly slower as measured
  }

  // The first candidate measured is fast in the search and in the first round (0.5 ms),
  // 1.2 ms in every round after; the second 1.0 ms every time. Kept as the median of
  // the search's timing and the rounds', the first led (0.85 ms of 0.5 0.5 1.2 1.2).
  void aRecordLuckyOnceDoesNotLeadAConsistentlyFasterOne() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceRunner runner(RaceInputHash(p), [](int role, char kind, int round) {
      if (role == 0) return kind == 'q' && round > 1 ? 1.2 : 0.5;
      return role == 1 ? 1.0 : Slower(role);
    });
    TuneOptions o = EightCandidates();
    o.rerank_rounds = 3;
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QVERIFY(result->best.has_value());
    QCOMPARE(runner.RoleOf(result->best->schedule_hash), 1);
    QCOMPARE(result->best->median_ms, 1.0);
    // Neither could leave: the lucky round overlaps the other's; both ran every round.
    QCOMPARE(result->rerank_rounds, 3);
    QCOMPARE(runner.RoundsOf(0), 3);
    QCOMPARE(runner.RoundsOf(1), 3);
  }

  // One candidate at 1 ms, the others at 2 ms and more, the same every time: they leave
  // after kRerankMinRounds rounds, the leader is then alone, and the race ends there
  // instead of running its eight rounds. Each record's message says how it was re-ranked.
  // A round in which no record could be timed ends the race: the next rounds would fail
  // alike, each request after its timeout. The records keep their search timings.
  void aRoundInWhichNothingIsTimedEndsTheRace() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceRunner runner(RaceInputHash(p), [](int role, char kind, int) {
      if (kind == 'q') return -1.0;
      return role == 0 ? 1.0 : Slower(role + 2);
    });
    TuneOptions o = EightCandidates();
    o.rerank_rounds = 8;
    std::vector<std::string> messages;
    TuneCallbacks callbacks;
    callbacks.on_message = [&](const std::string& m) { messages.push_back(m); };
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o, callbacks);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(result->rerank_rounds, 1);
    QCOMPARE(result->reranked, 0);
    QCOMPARE(runner.Asked('q'), 8);
    QCOMPARE(runner.RoleOf(result->best->schedule_hash), 0);
    QCOMPARE(result->best->median_ms, 1.0);
    const bool said = std::any_of(messages.begin(), messages.end(), [](const std::string& m) {
      return m == "re-ranking stopped after round 1: none of its records could be timed";
    });
    QVERIFY(said);
  }

  void clearlySlowerRecordsLeaveAfterTheirFirstRounds() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceRunner runner(RaceInputHash(p),
                      [](int role, char, int) { return role == 0 ? 1.0 : Slower(role + 2); });
    TuneOptions o = EightCandidates();
    o.rerank_rounds = 8;
    auto db = Database::Open(":memory:");
    QVERIFY(db.ok());
    auto result = Tune(p, runner, db->get(), runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(runner.RoleOf(result->best->schedule_hash), 0);
    QCOMPARE(result->rerank_rounds, kRerankMinRounds);
    QCOMPARE(result->reranked, 8);
    for (int role = 0; role < 8; ++role) QCOMPARE(runner.RoundsOf(role), kRerankMinRounds);
    QCOMPARE(runner.Asked('q'), 8 * kRerankMinRounds);
    auto all = (*db)->All(RecordQuery{result->workload.hash, o.target, result->machine_key});
    QVERIFY(all.ok());
    for (const TuningRecord& r : *all) {
      QVERIFY2(r.message.rfind("re-ranked after the search (ranked at ", 0) == 0,
               r.message.c_str());
      const std::string left_text = "; left after round 2, clearly slower than the leader";
      const bool left = r.message.find(left_text) != std::string::npos;
      QCOMPARE(left, runner.RoleOf(r.schedule_hash) != 0);
    }
  }

  // Two candidates that trade places every round (1.0 and 1.1 ms) tie within the noise:
  // they get every round up to the limit; the clearly slower ones leave after their first.
  void tiesWithinNoiseKeepRoundsGoingToTheLimit() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceRunner runner(RaceInputHash(p), [](int role, char, int round) {
      if (role == 0) return round % 2 ? 1.0 : 1.1;
      if (role == 1) return round % 2 ? 1.1 : 1.0;
      return Slower(role);
    });
    TuneOptions o = EightCandidates();
    o.rerank_rounds = 6;
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(result->rerank_rounds, 6);
    QCOMPARE(runner.RoundsOf(0), 6);
    QCOMPARE(runner.RoundsOf(1), 6);
    for (int role = 2; role < 8; ++role) QCOMPARE(runner.RoundsOf(role), kRerankMinRounds);
    QCOMPARE(result->best->median_ms, 1.05);
  }

  // Two records re-ranked: the first two measured, fast in the search (0.5 and 0.6 ms),
  // 1.2 and 1.3 ms in their rounds. The third, 1.0 ms in the search, was left out, and
  // it would lead on that timing alone; it joins the race and its rounds (2 ms) put it
  // out. Before, it led without a round.
  void aRecordLeftOutThatBeatsTheLeaderJoinsTheRace() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceRunner runner(RaceInputHash(p), [](int role, char kind, int) {
      const bool search = kind != 'q';
      if (role == 0) return search ? 0.5 : 1.2;
      if (role == 1) return search ? 0.6 : 1.3;
      if (role == 2) return search ? 1.0 : 2.0;
      return Slower(role + 1);
    });
    TuneOptions o = EightCandidates();
    o.rerank_top = 2;
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(runner.RoleOf(result->best->schedule_hash), 0);
    QCOMPARE(result->best->median_ms, 1.2);
    QCOMPARE(runner.RoundsOf(2), kRerankMinRounds);
    QCOMPARE(result->reranked, 3);
    for (int role = 3; role < 8; ++role) QCOMPARE(runner.RoundsOf(role), 0);
  }

  // With the claim from the re-ranking's rounds (claim_processes 0) the input is timed
  // in every round the best is, however slow: the claim compares as many calls of each.
  // With the claim's own processes it races like any record and leaves.
  void theInputIsTimedInEveryRoundWhenTheClaimComesFromThem() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceTime time = [](int role, char, int round) {
      if (role == -1) return 3.0;
      if (role == 0) return round % 2 ? 1.0 : 1.1;
      if (role == 1) return round % 2 ? 1.1 : 1.0;
      return Slower(role);
    };
    TuneOptions o = EightCandidates();
    o.measure_input = true;
    o.rerank_rounds = 4;
    RaceRunner from_rounds(RaceInputHash(p), time);
    auto result = Tune(p, from_rounds, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QCOMPARE(result->rerank_rounds, 4);
    QCOMPARE(from_rounds.RoundsOf(-1), 4);
    for (int role = 2; role < 8; ++role) QCOMPARE(from_rounds.RoundsOf(role), kRerankMinRounds);
    QVERIFY(result->best_vs_input.has_value());
    QVERIFY(result->best_vs_input->interleaved);
    QCOMPARE(result->best_vs_input->baseline.samples, 4 * 3);
    QCOMPARE(result->best_vs_input->candidate.samples, 4 * 3);
    QCOMPARE(result->best_vs_input->baseline.median, 3.0);

    o.claim_processes = kClaimProcesses;
    RaceRunner own_processes(RaceInputHash(p), time);
    result = Tune(p, own_processes, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY(result.ok());
    QCOMPARE(own_processes.RoundsOf(-1), kRerankMinRounds);
    QVERIFY(own_processes.Asked('v') > 0);
    QVERIFY(result->best_vs_input.has_value());
    QCOMPARE(result->best_vs_input->processes, own_processes.Asked('v'));
  }

  // Records that tie for ever and a budget: the rounds stop between records when it is
  // spent (each request's timeout within it), long before their limit.
  void theBudgetCutsTheRoundsBetweenRecords() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceRunner runner(RaceInputHash(p), [](int, char, int round) { return round % 2 ? 1.0 : 1.1; });
    runner.seconds = 0.02;
    TuneOptions o = EightCandidates();
    o.trials = 1000;
    o.time_budget_s = 2.0;
    o.rerank_rounds = 1000;
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QVERIFY2(result->rerank_rounds >= 1 && result->rerank_rounds < 1000,
             qPrintable(QString::number(result->rerank_rounds)));
    for (const runner::MeasureRequest& r : runner.asked)
      if (!r.check) QVERIFY(r.timeout_s <= o.time_budget_s + 1e-9);
    // A measurement of 0.02 s past the budget at most, and the load's slack.
    QVERIFY2(result->elapsed_s < o.time_budget_s + 0.5,
             qPrintable(QString::number(result->elapsed_s)));
  }

  // The same with the input and the claim's processes after the race: the rounds stop
  // while the claim's share of the budget is left, so the claim is still measured (it
  // used to be dropped as "the time budget was spent" when the rounds ran to its end).
  void theBudgetLeavesTheClaimItsShare() {
    script::ScriptProgram p = LoadRaceGemm();
    RaceRunner runner(RaceInputHash(p), [](int role, char, int round) {
      if (role == -1) return 3.0;
      return round % 2 ? 1.0 : 1.1;
    });
    runner.seconds = 0.05;
    TuneOptions o = EightCandidates();
    o.measure_input = true;
    o.claim_processes = kClaimProcesses;
    o.trials = 1000;
    o.time_budget_s = 3.0;
    o.rerank_rounds = 1000;
    auto result = Tune(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QVERIFY(result->rerank_rounds >= 1 && result->rerank_rounds < 1000);
    QVERIFY(runner.Asked('v') > 0);
    QVERIFY(result->best_vs_input.has_value());
    QCOMPARE(ClaimOverInput(*result).kind, SpeedupClaim::Kind::kMeasured);
  }
};

}  // namespace tst_tune_rerank

QTEST_GUILESS_MAIN(tst_tune_rerank::TestTuneRerank)
#include "tst_tune_rerank.moc"
