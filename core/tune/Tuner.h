// Tuner: one tuning run of one workload (MetaSchedule's TuneContext + SearchStrategy,
// as plain C++): the design space generated from the bare te definition, candidates
// proposed by an evolutionary search guided by the XGBoost cost model (or by random
// sampling, the baseline), measured by a runner::Runner, stored in the records Database.
//
// The evolutionary search starts from the space's rule-derived seeds (DesignSpace::Seeds:
// the structures of hand-written kernels sized for the target), measured first.
// Every candidate is validated (primitives' checks and lowering) before it is measured,
// and a candidate is measured at most once per machine: schedules already in the
// database are skipped, so a run started again continues where the last one stopped.
// A new best is accepted only after the te oracle agreed with it (a check run); one that
// disagrees is recorded as "check_failed" and never returned as the best.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "runner/Runner.h"
#include "runner/TimingStats.h"
#include "script/Evaluator.h"
#include "support/Result.h"
#include "tune/BlockedArguments.h"
#include "tune/ClaimRounds.h"
#include "tune/Database.h"
#include "tune/DesignSpace.h"
#include "tune/Fingerprint.h"

namespace tessera::tune {

// The most calls one timing of the search gets from TuneOptions::min_timed_ms.
inline constexpr int kMaxTimedCalls = 100;

// The calls of one timing: `repeat`, raised until `fastest_ms` (the fastest time measured
// so far; <= 0: none yet) times them reaches `min_timed_ms`, at most `max_calls`.
int TimedCalls(int repeat, double min_timed_ms, double fastest_ms, int max_calls = kMaxTimedCalls);

// A search candidate's timed calls may take this many times what the fastest kernel's
// would, and at least kMinTimingLimitS, before the candidate is stopped: that much slower
// it cannot lead, and a bare or random schedule of a big workload would otherwise spend
// its whole timeout (TuneOptions::timeout_s) of the budget.
inline constexpr double kSlowestTimedFactor = 100;
inline constexpr double kMinTimingLimitS = 2;

// The timing limit (runner::MeasureRequest::timing_timeout_s) of a candidate timed with
// `warmup` + `calls` calls once the fastest kernel so far took `fastest_ms` a call; 0 (no
// limit but the timeout) before anything was timed or where it would not be shorter.
double TimingLimitS(int warmup, int calls, double fastest_ms, double timeout_s);

struct TuneOptions {
  int trials = 64;           // candidates to measure in this run (checks not counted)
  double time_budget_s = 0;  // stop after this many seconds (0: no limit): checked between the
                             // candidates of a batch too; a candidate's timeout is capped at the
                             // budget left when its batch starts (at least 1 s)
  int batch_size = 8;        // candidates per measurement round
  uint64_t seed = 1;
  std::string strategy = "evolution";  // "evolution" (cost model) or "random"
  int population = 32;                 // candidates the cost model ranks per round
  double explore_fraction = 0.25;      // share of each batch picked at random (exploration)
  int warmup = 1;
  int repeat = 5;
  // The calls of one timing (a candidate, a confirmation, a re-ranking round) last at
  // least this long: `repeat` calls, more (at most kMaxTimedCalls) once this run has
  // measured its fastest kernel, so that its calls reach the floor: a few calls of a short
  // kernel time its first, colder calls and one moment of a loaded machine, and the search
  // then ranks candidates by that. A candidate slower than the fastest takes
  // proportionally longer; its build costs far more. 0: `repeat` calls.
  double min_timed_ms = 10;
  double timeout_s = 60;
  bool measure_input = true;  // also measure the script's own schedule (the speed-up baseline)
  // Time a would-be new best once more (after its oracle check) and keep the slower of its
  // two medians: the fastest of many noisy timings is mostly luck, so a candidate must be
  // fast twice to lead. Skipped once the time budget is spent.
  bool confirm_best = true;
  // After the search, the `rerank_top` fastest records of this workload on this machine,
  // and the input schedule's record, race (Rerank.h: timed again in interleaved rounds, a
  // record clearly slower than the leader leaves, the others get further rounds, at most
  // `rerank_rounds`, until the leader is separated) and each keeps the median of its
  // rounds: one measurement per candidate ranked them, and on a machine whose speed
  // drifts a candidate timed once in a fast moment would lead for good, or a good one
  // timed in a slow moment drop out. A record left out whose search timing beats the
  // leader's median joins the race (one a round); the input is timed in every round when
  // the claim over it comes from them (claim_processes 0). 0 turns it off. With a time
  // budget the search leaves the re-ranking what its rounds take at the search's pace (a
  // tenth to a third of the budget); its rounds stop (between records) when no more than
  // the claim's share of the budget is left.
  int rerank_top = 8;
  int rerank_rounds = 6;
  // The speed-up over the input is claimed from its own measurement after the search
  // (ClaimRounds.h): the best against the input in this many fresh processes (more for a
  // short kernel), each timing both in the same interleaved rounds (PlanClaim's calls).
  // 0: claimed from the re-ranking's rounds instead, the rounds that chose the best.
  int claim_processes = kClaimProcesses;
  std::string target = "llvm";
  std::map<std::string, int64_t> shape_vars;
  // The arguments the caller hands in the blocked layouts the space packs them in
  // (BlockedArguments.h): a schedule may then take a placeholder, or write its output,
  // laid out by transform_layout, so the kernel's arguments are no longer the te
  // definition's layouts. Its records are another workload's (the fingerprint says so):
  // a search without the same choice never picks them.
  BlockedArguments blocked;
};

// One measured candidate, as reported while the run goes on.
struct TuneTrial {
  int index = 0;       // 1-based among this run's measurements
  std::string source;  // "input", "seed" (rule-derived), "random", "evolution"
  std::string status;  // MeasureStatusName
  double median_ms = 0;
  double gflops = 0;
  double best_gflops = 0;  // the best accepted so far (this machine, this workload)
  double elapsed_s = 0;
};

struct TuneCallbacks {
  std::function<void(const TuneTrial&)> on_trial;
  std::function<void(const std::string&)> on_message;  // "resumed 12 records", "new best ..."
  std::function<bool()> cancelled;
};

struct TuneResult {
  WorkloadFingerprint workload;
  std::string machine_key;
  std::optional<TuningRecord> best;  // the best checked record for this machine (any run)
  // The record of the input's schedule (this run or earlier; whoever proposed it: after a
  // tuned candidate was applied, the input is that candidate's record).
  std::optional<TuningRecord> input;
  // The best against the input, timed together after the search (ClaimRounds.h; with
  // TuneOptions::claim_processes 0, the calls of the re-ranking's rounds); `interleaved`
  // set. Absent when they were not timed together or they are one record.
  std::optional<runner::TimingComparison> best_vs_input;
  int measured = 0;       // candidates measured in this run
  int failed = 0;         // of them, not ok
  int too_slow = 0;       // of the failed, stopped at their timing limit (TimingLimitS)
  int invalid = 0;        // samples refused by the legality checks / lowering
  int confirmations = 0;  // would-be bests timed again (not counted in measured)
  int demoted = 0;        // of them, slower the second time (the slower time kept)
  int reranked = 0;       // records timed again after the search (TuneOptions::rerank_top)
  int rerank_rounds = 0;  // rounds of it that ran
  int resumed = 0;        // records found in the database at the start
  double elapsed_s = 0;
  double seconds_to_90_percent = -1;  // when this run's best first reached 90% of its final best
  std::vector<TuneTrial> trials;
};

// The script of `program`'s workload with `sch` as its schedule (a complete candidate).
std::string CandidateScript(const script::ScriptProgram& program, const schedule::Schedule& sch);
// The same schedule as a person would write it (ReadableSchedule.h: no splits that only add
// loops of extent 1, short loop names); what the tuner measures, stores and applies.
std::string ReadableCandidateScript(const script::ScriptProgram& program,
                                    const schedule::Schedule& sch);

// What a tuning run may say about its best against the input (the document's) schedule.
struct SpeedupClaim {
  enum class Kind {
    kNone,         // no best, no input, or not timed in the same rounds: no claim
    kInputIsBest,  // the input is the best schedule (e.g. a tuned one applied): no claim
    kMeasured,     // `comparison`: the best (candidate) against the input (baseline)
    // `comparison` as kMeasured, but the speed-ups it allows reach 1 or lie below it (the
    // best found is within noise of the input, or slower): no speed-up, and the schedule
    // offered is the input's.
    kNoSpeedup,
  };
  Kind kind = Kind::kNone;
  runner::TimingComparison comparison;
  // The best and the input were timed together: `comparison` holds their timings.
  bool timed() const { return kind == Kind::kMeasured || kind == Kind::kNoSpeedup; }
};
SpeedupClaim ClaimOverInput(const TuneResult& result);
// The same rule over any search's records (a TensorIR search keeps the same three).
SpeedupClaim ClaimOverInput(const std::optional<TuningRecord>& best,
                            const std::optional<TuningRecord>& input,
                            const std::optional<runner::TimingComparison>& best_vs_input);
// The claim in words, for a report or a script's header: "1.93x the input schedule (spread
// 1.85x-2.01x; medians ..., 95% intervals ..., timed in the same interleaved rounds of 3
// processes ...)", "no speed-up over the input schedule: the best found measured 0.83x
// (spread ...; ...)" when the measurements allow none, or why there is no claim.
std::string ClaimText(const SpeedupClaim& claim);

// The schedule a tuning run offers and how fast it is: the best, or the input when the
// claim found no speed-up over it (applying the best would not make the document faster
// by the run's own measurement). Its time is the claim's median, in milliseconds as
// measured, when the claim timed it (`from_claim`); otherwise its record's, at the
// machine's reference speed (HostSpeed.h). GFLOP/s follow from the same time.
struct OfferedSchedule {
  TuningRecord record;
  double median_ms = 0;
  double gflops = 0;
  bool from_claim = false;
  bool is_input = false;  // the input's schedule is offered in place of the best
};
std::optional<OfferedSchedule> OfferedBest(const std::optional<TuningRecord>& best,
                                           const std::optional<TuningRecord>& input,
                                           const SpeedupClaim& claim);

// Tunes `program` (its workload; its own schedule is the baseline). `db` may be null (no
// records kept, nothing resumed). `machine` is where the runner measures (this machine's
// signature for a local runner): it sizes the space and keys the records.
Result<TuneResult> Tune(const script::ScriptProgram& program, runner::Runner& runner, Database* db,
                        const runner::MachineSignature& machine, const TuneOptions& options,
                        const TuneCallbacks& callbacks = {});

// Candidates given from outside in place of a generated space: the points of the knobs a
// user made tunable in the GUI (app/gui/KnobSearch). Called once, after the run resumed
// from the database: `measured` holds the schedule hashes (HashText of the script) already
// measured on this machine; it returns up to `count` complete candidate scripts.
struct CandidateList {
  std::vector<std::string> scripts;
  std::string source = "given";  // the records' and trials' source
  int invalid = 0;               // points refused by the checks (TuneResult::invalid)
};
using CandidateSource =
    std::function<CandidateList(const std::set<std::string>& measured, int count)>;

// Tune over the candidates `candidates` gives, with everything else as Tune: records,
// resume, the input's baseline, batches, time budget, the oracle check of a new best.
Result<TuneResult> TuneCandidates(const script::ScriptProgram& program,
                                  const CandidateSource& candidates, runner::Runner& runner,
                                  Database* db, const runner::MachineSignature& machine,
                                  const TuneOptions& options, const TuneCallbacks& callbacks = {});

}  // namespace tessera::tune
