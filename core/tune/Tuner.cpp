#include "tune/Tuner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <random>
#include <set>

#include "runtime/HostProbe.h"
#include "script/export/ScriptPrinter.h"
#include "tune/ArgumentLayouts.h"
#include "tune/CostModel.h"
#include "tune/Features.h"
#include "tune/HostSpeed.h"
#include "tune/ReadableSchedule.h"
#include "tune/Rerank.h"

namespace tessera::tune {

namespace {

std::string PrintCandidate(const script::ScriptProgram& program, const schedule::Schedule& sch,
                           std::map<std::pair<int, int>, std::string> loop_names) {
  script::ScriptProgram candidate = program;
  candidate.schedule = std::make_shared<schedule::Schedule>(sch.copy());
  // The input's own schedule statements, names and comments belong to its trace, not this one.
  candidate.names.entry_outputs = std::move(loop_names);
  candidate.schedule_text.clear();
  candidate.entry_comments.clear();
  // A flat list of concrete primitives (a script's loops or knobs made the input's, not
  // this candidate's, schedule).
  candidate.structured = false;
  candidate.source.clear();
  candidate.source_trace.clear();
  candidate.schedule_source.clear();
  return script::PrintScript(candidate);
}

}  // namespace

std::string CandidateScript(const script::ScriptProgram& program, const schedule::Schedule& sch) {
  return PrintCandidate(program, sch, {});
}

std::string ReadableCandidateScript(const script::ScriptProgram& program,
                                    const schedule::Schedule& sch) {
  auto tidy = DropUnitLoops(sch);
  const schedule::Schedule& shown = tidy ? *tidy : sch;
  return PrintCandidate(program, shown, ShortLoopNames(shown));
}

int TimedCalls(int repeat, double min_timed_ms, double fastest_ms, int max_calls) {
  if (!(min_timed_ms > 0) || !(fastest_ms > 0) || repeat * fastest_ms >= min_timed_ms)
    return repeat;
  const double wanted = std::ceil(min_timed_ms / fastest_ms);
  return std::max(repeat, static_cast<int>(std::min<double>(max_calls, wanted)));
}

double TimingLimitS(int warmup, int calls, double fastest_ms, double timeout_s) {
  if (!(fastest_ms > 0)) return 0;
  const double limit =
      std::max(kMinTimingLimitS, kSlowestTimedFactor * fastest_ms * (warmup + calls) / 1000.0);
  return limit < timeout_s ? limit : 0;
}

SpeedupClaim ClaimOverInput(const std::optional<TuningRecord>& best,
                            const std::optional<TuningRecord>& input,
                            const std::optional<runner::TimingComparison>& best_vs_input) {
  SpeedupClaim claim;
  if (!best || !input) return claim;
  // Records not stored (no database) have no id; a hash or the text still names them.
  const bool same = (best->id != 0 && best->id == input->id) ||
                    (!best->schedule_hash.empty() && best->schedule_hash == input->schedule_hash) ||
                    best->script == input->script;
  if (same) {
    claim.kind = SpeedupClaim::Kind::kInputIsBest;
    return claim;
  }
  if (!best_vs_input || best_vs_input->verdict == runner::NoiseVerdict::kUnknown) return claim;
  claim.comparison = *best_vs_input;
  // A speed-up only when every speed-up the measurements allow is one.
  claim.kind = claim.comparison.speedupSpread().first > 1.0 ? SpeedupClaim::Kind::kMeasured
                                                            : SpeedupClaim::Kind::kNoSpeedup;
  return claim;
}

std::optional<OfferedSchedule> OfferedBest(const std::optional<TuningRecord>& best,
                                           const std::optional<TuningRecord>& input,
                                           const SpeedupClaim& claim) {
  if (!best) return std::nullopt;
  OfferedSchedule out;
  const bool keep_input = claim.kind == SpeedupClaim::Kind::kNoSpeedup && input;
  out.record = keep_input ? *input : *best;
  out.is_input = keep_input;
  out.median_ms = out.record.median_ms;
  const runner::MedianInterval& side =
      keep_input ? claim.comparison.baseline : claim.comparison.candidate;
  if (claim.timed() && side.known() && side.median > 0) {
    out.median_ms = side.median;
    out.from_claim = true;
  }
  // The record's flops per call (its GFLOP/s at its median) over the time shown.
  const double flops = out.record.gflops * out.record.median_ms * 1e6;
  out.gflops = out.median_ms > 0 ? flops / out.median_ms / 1e6 : 0.0;
  return out;
}

SpeedupClaim ClaimOverInput(const TuneResult& r) {
  return ClaimOverInput(r.best, r.input, r.best_vs_input);
}

std::string ClaimText(const SpeedupClaim& claim) {
  using Kind = SpeedupClaim::Kind;
  if (claim.kind == Kind::kInputIsBest)
    return "the input schedule is the best found: no speed-up to claim";
  if (!claim.timed())
    return "no speed-up claimed: the best and the input schedule were not timed in the same "
           "rounds";
  const runner::TimingComparison& c = claim.comparison;
  // With few calls even [fastest, slowest] covers less than 95%: say what it covers.
  const double coverage = std::min(c.candidate.coverage, c.baseline.coverage);
  const int percent = coverage >= 0.95 ? 95 : static_cast<int>(std::floor(100 * coverage));
  char detail[256];
  std::snprintf(detail, sizeof detail,
                "medians %.4g ms against %.4g ms, %d%% intervals %.4g-%.4g and %.4g-%.4g ms, "
                "%d and %d calls in the same interleaved rounds",
                c.candidate.median, c.baseline.median, percent, c.candidate.low, c.candidate.high,
                c.baseline.low, c.baseline.high, c.candidate.samples, c.baseline.samples);
  std::string text = detail;
  if (c.processes > 1) {
    char processes[96];
    std::snprintf(processes, sizeof processes,
                  " of %d processes, whose own speed-ups were %.2fx-%.2fx", c.processes,
                  c.process_speedup_low, c.process_speedup_high);
    text += processes;
  }
  const auto [low, high] = c.speedupSpread();
  char ratio[32], spread[64];
  std::snprintf(ratio, sizeof ratio, "%.2fx", c.speedup);
  std::snprintf(spread, sizeof spread, "spread %.2fx-%.2fx", low, high);
  if (claim.kind == Kind::kNoSpeedup)
    return std::string("no speed-up over the input schedule: the best found measured ") + ratio +
           " (" + spread + "; " + text + "), so the input schedule stays the best";
  return std::string(ratio) + " the input schedule (" + spread + "; " + text + ")";
}

namespace {

using Clock = std::chrono::steady_clock;

// A validated, not yet measured candidate.
struct Proposal {
  Decisions decisions;
  std::string script;
  std::string hash;
  std::vector<float> features;
  std::string source;
  double score = 0;
};

// A candidate measured in this run (the cost model's training data).
struct Sample {
  Decisions decisions;
  std::vector<float> features;
  double gflops = 0;
};

class TuneRun {
 public:
  TuneRun(const script::ScriptProgram& program, runner::Runner& runner, Database* db,
          const runner::MachineSignature& machine, const TuneOptions& options,
          const TuneCallbacks& callbacks, const CandidateSource* given = nullptr)
      : program_(program),
        runner_(runner),
        db_(db),
        machine_(machine),
        options_(options),
        callbacks_(callbacks),
        given_source_(given),
        rng_(options.seed) {}

  Result<TuneResult> Run();

 private:
  const script::ScriptProgram& program_;
  runner::Runner& runner_;
  Database* db_;
  std::unique_ptr<Database> private_db_;
  const runner::MachineSignature& machine_;
  const TuneOptions& options_;
  const TuneCallbacks& callbacks_;
  const CandidateSource* given_source_;  // set: candidates from outside, no space or model
  CandidateList given_;
  size_t next_given_ = 0;
  std::mt19937_64 rng_;
  Clock::time_point start_ = Clock::now();
  std::optional<DesignSpace> space_;
  std::vector<te::Tensor> args_;
  RecordQuery query_;
  std::set<std::string> seen_;  // schedule hashes measured on this machine
  // An argument the input schedule lays out beyond the run's blocked arguments: the
  // input is then another workload's kernel, neither recorded nor claimed against.
  std::string input_laid_out_;
  std::vector<Decisions> seeds_;  // the space's rule-derived starting points, measured first
  size_t next_seed_ = 0;
  std::vector<Sample> samples_;
  CostModel model_;
  TuneResult result_;
  std::vector<std::pair<double, double>> curve_;  // (elapsed s, best GFLOP/s) after each round
  std::set<int64_t> reranked_ids_;  // records Rerank timed again: Confirm leaves them alone
  std::map<int64_t, std::vector<double>> rerank_calls_;  // their calls in Rerank's rounds
  std::vector<double> race_scales_;  // each race timing's TimeOf over its time as measured
  double fastest_ms_ = 0;            // the fastest ok timing of this workload so far (TimedCalls)
  double search_measure_s_ = 0;      // wall time of the search's measurement batches
  int search_measured_ = 0;          // the candidates they measured (cancelled ones not)
  std::map<std::string, double> probe_reference_;  // per machine key (HostSpeed.h)

  double Elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  void Message(const std::string& m) const {
    if (callbacks_.on_message) callbacks_.on_message(m);
  }
  bool Cancelled() const { return callbacks_.cancelled && callbacks_.cancelled(); }
  bool OutOfTime() const {
    return options_.time_budget_s > 0 && Elapsed() >= options_.time_budget_s;
  }
  // The search stops earlier when the re-ranking follows: the end of the budget is its own
  // (without the reserve a search that spends the budget is never re-ranked).
  bool RerankOn() const { return options_.rerank_top > 0 && options_.rerank_rounds > 0; }
  bool SearchOutOfTime() const {
    return options_.time_budget_s > 0 && Elapsed() >= options_.time_budget_s - RerankReserve();
  }
  // The re-ranking's share: the race's measurements (its first rounds time all of its
  // records, the later ones about two), the one the search may have started when it
  // stopped and the claim's, at the pace the search's batches went (builds, checks and
  // timings of one candidate), at least a tenth of the budget and at most a third —
  // where candidates are slow to build, a fixed share would re-rank too few records to
  // matter.
  double RerankReserve() const {
    if (!RerankOn() || options_.time_budget_s <= 0) return 0;
    const int records = options_.rerank_top + (result_.input ? 1 : 0);
    const int race = records * std::min(options_.rerank_rounds, kRerankMinRounds) +
                     2 * std::max(0, options_.rerank_rounds - kRerankMinRounds);
    const double need = SearchPace() * (race + 1) + ClaimShare();
    return std::clamp(need, 0.1 * options_.time_budget_s, options_.time_budget_s / 3);
  }
  // Seconds a candidate's measurement took in the search's batches (0: none yet).
  double SearchPace() const {
    return search_measured_ > 0 ? search_measure_s_ / search_measured_ : 0;
  }
  // What the claim's processes will take after the re-ranking: each builds and times two
  // schedules, about two measurements.
  double ClaimShare() const {
    if (!result_.input || options_.claim_processes <= 0) return 0;
    return SearchPace() * 2 * options_.claim_processes;
  }
  // The race stops when no more than the claim's share is left of the budget.
  bool RaceOutOfTime() const {
    return options_.time_budget_s > 0 && Elapsed() >= options_.time_budget_s - ClaimShare();
  }
  // Seconds left of the time budget (a large number without one).
  double Remaining() const {
    return options_.time_budget_s > 0 ? options_.time_budget_s - Elapsed() : 1e9;
  }

  // The hashes the input's schedule is recorded under: as the script prints it, and as a
  // candidate with the same schedule prints (an applied tuned candidate is both).
  std::set<std::string> InputHashes() const;
  Status Resume();
  Status MeasureInput();
  Status Search();
  std::vector<Proposal> Propose(int count);
  std::vector<Proposal> ProposeSeeds(int count);
  std::vector<Proposal> ProposeGiven(int count);
  bool Consider(const Decisions& d, const std::string& source,
                std::map<std::string, Proposal>* pool, std::string* hash_out = nullptr);
  Status Measure(std::vector<Proposal> proposals);
  Status AcceptBest();
  // The fastest records race in rounds (TuneOptions::rerank_top, Rerank.h); each keeps
  // the median of its rounds.
  Status Rerank();
  // One round of the race: each record still racing timed once.
  // Returns how many records it timed.
  int RerankRound(RerankRace& race, const std::vector<TuningRecord>& records, int round);
  Status KeepRerankTimings(const RerankRace& race, std::vector<TuningRecord>& records);
  // Entrant `i`'s time in the race at the machine's reference speed, as the records are
  // ranked: its time as measured times one factor for the whole race, the median of its
  // timings' own (TimeOf over the time as measured). The race's order stays, and the
  // records it timed stay comparable with those it did not.
  double RaceTime(const RerankRace& race, size_t i) const {
    return race.time(i) * (race_scales_.empty() ? 1.0 : Median(race_scales_));
  }
  // The best against the input, timed together in fresh processes (ClaimRounds.h).
  void MeasureClaimOverInput();
  // Sets `rec`'s timing in the database and wherever this run holds a copy of it.
  Status UpdateTiming(TuningRecord* rec, double median_ms, const std::string& why);
  // Times `rec` (an oracle-checked would-be best) once more (TuneOptions::confirm_best);
  // false when it was slower then: its record now holds the slower time.
  Result<bool> Confirm(TuningRecord* rec);
  runner::MeasureRequest Request(const std::string& id, const std::string& script,
                                 bool check) const;
  TuningRecord MakeRecord(const std::string& script, const std::string& hash,
                          const std::string& source, const runner::MeasureResult& r);
  // `r`'s median time at its machine's reference speed (HostSpeed.h); the first result
  // with probes of a machine without a stored reference sets it.
  double TimeOf(const runner::MeasureResult& r);
  // Notes `ms` (an ok timing, or a resumed record's) for the calls of later timings.
  void NoteTime(double ms) {
    if (ms > 0 && (fastest_ms_ <= 0 || ms < fastest_ms_)) fastest_ms_ = ms;
  }
};

runner::MeasureRequest TuneRun::Request(const std::string& id, const std::string& script,
                                        bool check) const {
  runner::MeasureRequest req;
  req.id = id;
  req.script = script;
  req.target = options_.target;
  req.shape_vars = options_.shape_vars;
  req.warmup = check ? 0 : options_.warmup;
  req.repeat = check ? 1 : TimedCalls(options_.repeat, options_.min_timed_ms, fastest_ms_);
  req.check = check;
  // A candidate may not run past the time budget by more than a second: one cut short
  // by it is not recorded (Measure), so it is not mistaken for a slow schedule. Checks
  // of a new best are never cut short.
  // The te oracle of a big workload is slow (GEMM 1024^3: a minute in the sanitizer build
  // under load): a check gets at least 10 minutes, so a good candidate is not rejected
  // because the reference was slow.
  req.timeout_s = check ? std::max(options_.timeout_s, 600.0)
                        : std::min(options_.timeout_s, std::max(1.0, Remaining()));
  return req;
}

double TuneRun::TimeOf(const runner::MeasureResult& r) {
  if (!HasHostProbes(r)) return r.median_ms;
  const std::string key = r.machine.cpu_model.empty() ? machine_.Key() : r.machine.Key();
  auto it = probe_reference_.find(key);
  if (it == probe_reference_.end()) {
    // Without a stored one: measured here, the probe calibrated in this process (the
    // machine at its usual best, so that times and GFLOP/s read as on a quiet machine);
    // elsewhere (a cluster node): this result's own probes.
    auto stored = db_->ProbeReference(key, [&] {
      return key == runner::ReadMachineSignature().Key() ? runtime::CalibrateHostProbe()
                                                         : MedianProbeMs(r);
    });
    if (!stored) {
      Message(stored.error().message + " (timings taken as measured)");
      return r.median_ms;
    }
    it = probe_reference_.emplace(key, *stored).first;
  }
  return HostNormalizedMs(r, it->second);
}

TuningRecord TuneRun::MakeRecord(const std::string& script, const std::string& hash,
                                 const std::string& source, const runner::MeasureResult& r) {
  TuningRecord rec;
  rec.workload = result_.workload.hash;
  rec.workload_name = result_.workload.name;
  rec.target = options_.target;
  // The machine the runner measured on (a cluster node reports its own signature).
  const runner::MachineSignature& where = r.machine.cpu_model.empty() ? machine_ : r.machine;
  rec.machine_key = where.Key();
  rec.machine_json = where.ToJson();
  rec.schedule_hash = hash;
  rec.script = script;
  rec.status = std::string(runner::MeasureStatusName(r.status));
  rec.message = r.message;
  rec.times_ms = r.times_ms;
  rec.min_ms = r.min_ms;
  // The time at the machine's reference speed ranks the records; times_ms keeps what was
  // measured.
  rec.median_ms = r.status == runner::MeasureStatus::Ok ? TimeOf(r) : r.median_ms;
  if (r.status == runner::MeasureStatus::Ok) NoteTime(r.median_ms);
  rec.gflops = rec.median_ms > 0 ? r.gflops * r.median_ms / rec.median_ms : 0.0;
  rec.max_error = r.max_error;
  rec.source = source;
  rec.created = static_cast<int64_t>(std::time(nullptr));
  if (rec.status == kStatusOk && !(rec.median_ms > 0)) {
    rec.status = "run_error";
    rec.message = "no positive time measured";
  }
  return rec;
}

std::set<std::string> TuneRun::InputHashes() const {
  return {HashText(script::PrintScript(program_)),
          HashText(CandidateScript(program_, *program_.schedule)),
          HashText(ReadableCandidateScript(program_, *program_.schedule))};
}

Status TuneRun::Resume() {
  auto all = db_->All(query_);
  if (!all) return all.error();
  // The input is the record of this script's schedule, not the input of an earlier
  // session (whose document may have been another schedule of the workload).
  const std::set<std::string> input = InputHashes();
  for (const TuningRecord& r : *all) {
    seen_.insert(r.schedule_hash);
    if (r.status == kStatusOk) NoteTime(r.median_ms);
    if (r.status == kStatusOk && input_laid_out_.empty() && input.count(r.schedule_hash) &&
        (!result_.input || r.source == "input"))
      result_.input = r;
  }
  result_.resumed = static_cast<int>(all->size());
  if (result_.resumed > 0)
    Message("resumed: " + std::to_string(result_.resumed) +
            " records of this workload on this machine");
  return AcceptBest();
}

Result<bool> TuneRun::Confirm(TuningRecord* rec) {
  const bool leads_already = result_.best && result_.best->id == rec->id;
  if (!options_.confirm_best || leads_already || reranked_ids_.count(rec->id) || Remaining() <= 0)
    return true;
  auto again = runner_.Measure({Request("r" + rec->schedule_hash, rec->script, false)}, {});
  ++result_.confirmations;
  if (again.empty() || again[0].status != runner::MeasureStatus::Ok || !(again[0].median_ms > 0))
    return true;  // not timed again (cut by the budget, say): its first timing stands
  NoteTime(again[0].median_ms);
  const double first = rec->median_ms, second = TimeOf(again[0]);
  if (second <= first) return true;
  ++result_.demoted;
  char why[160];
  std::snprintf(why, sizeof why,
                "timed %.4g ms, then %.4g ms when it would have led: the slower kept", first,
                second);
  if (Status st = UpdateTiming(rec, second, why); !st) return st.error();
  Message(std::string("a would-be best was ") + why);
  return false;
}

Status TuneRun::UpdateTiming(TuningRecord* rec, double median_ms, const std::string& why) {
  rec->gflops *= rec->median_ms / median_ms;
  rec->median_ms = median_ms;
  if (Status st = db_->SetTiming(rec->id, rec->median_ms, rec->gflops, why); !st) return st;
  // The input schedule is a candidate like any other: the speed-up over it must use the
  // timing its record now holds, or a tuned run and a later `--best` disagree.
  if (result_.input && result_.input->id == rec->id) result_.input = *rec;
  if (result_.best && result_.best->id == rec->id) result_.best = *rec;
  return Status::Ok();
}

Status TuneRun::Rerank() {
  if (!RerankOn() || Cancelled() || OutOfTime()) return Status::Ok();
  // The fastest, then those that may join the race (one a round).
  auto top = db_->Top(query_, options_.rerank_top + options_.rerank_rounds);
  if (!top) return top.error();
  const std::vector<TuningRecord> pool = std::move(top.value());
  std::vector<TuningRecord> records;  // the race's entrants, in its order
  RerankRace race;
  auto enter = [&](const TuningRecord& rec) {
    const bool input = result_.input && rec.id == result_.input->id;
    race.Enter(input && options_.claim_processes <= 0);
    records.push_back(rec);
  };
  auto entered = [&](const TuningRecord& rec) {
    return std::any_of(records.begin(), records.end(),
                       [&](const TuningRecord& r) { return r.id == rec.id; });
  };
  size_t next = 0;
  while (next < pool.size() && static_cast<int>(records.size()) < options_.rerank_top)
    enter(pool[next++]);
  // The input joins them: the speed-up over it may be claimed from the same rounds.
  if (result_.input && !entered(*result_.input)) enter(*result_.input);
  if (records.size() < 2) return Status::Ok();  // nothing to rank
  int joined = 0;
  for (int round = 1; round <= options_.rerank_rounds && !RaceOutOfTime() && !Cancelled();
       ++round) {
    const int timed = RerankRound(race, records, round);
    ++result_.rerank_rounds;
    // A runner that fails every request of a round fails the next ones alike (each after
    // its timeout): the race keeps the rounds it has.
    if (timed == 0 && !RaceOutOfTime() && !Cancelled()) {
      Message("re-ranking stopped after round " + std::to_string(round) +
              ": none of its records could be timed");
      break;
    }
    race.DropClearlySlower();
    // A record left out whose search timing beats the leader's rounds would lead without
    // a round of its own: it joins the race.
    while (next < pool.size() && entered(pool[next])) ++next;
    const std::optional<size_t> leader = race.Leader();
    if (leader && next < pool.size() && pool[next].median_ms < RaceTime(race, *leader)) {
      enter(pool[next++]);
      ++joined;
    } else if (race.Settled()) {
      break;
    }
  }
  if (result_.rerank_rounds == 0) return Status::Ok();
  if (Status st = KeepRerankTimings(race, records); !st) return st;
  int left = 0;
  for (size_t i = 0; i < race.size(); ++i) left += race.leftAfter(i) > 0 ? 1 : 0;
  Message("re-ranked the " + std::to_string(result_.reranked) + " fastest records in " +
          std::to_string(result_.rerank_rounds) + " rounds (each keeps the median of its rounds; " +
          std::to_string(left) + " left the race clearly slower than the leader, " +
          std::to_string(joined) + " joined it)");
  const int64_t leader = result_.best ? result_.best->id : 0;  // row ids start at 1
  // The leader is chosen again from the new medians (AcceptBest: checked against the
  // oracle first when it has not been).
  if (Status st = AcceptBest(); !st) return st;
  if (result_.best && leader != 0 && result_.best->id != leader)
    Message("re-ranking the " + std::to_string(records.size()) +
            " fastest changed the best: " + std::to_string(result_.best->gflops) + " GFLOP/s");
  if (options_.claim_processes <= 0 && result_.best && result_.input &&
      result_.best->id != result_.input->id) {
    auto best = rerank_calls_.find(result_.best->id);
    auto input = rerank_calls_.find(result_.input->id);
    if (best != rerank_calls_.end() && input != rerank_calls_.end()) {
      result_.best_vs_input = runner::CompareTimings(input->second, best->second);
      result_.best_vs_input->interleaved = true;
    }
  }
  return Status::Ok();
}

int TuneRun::RerankRound(RerankRace& race, const std::vector<TuningRecord>& records, int round) {
  // All that still race, one after another, starting with the next one each round: a
  // slow moment of the machine falls on one round of every record rather than on every
  // round of one, and none is always timed first.
  std::vector<size_t> order = race.Racing();
  if (order.empty()) return 0;
  std::rotate(order.begin(), order.begin() + static_cast<long>(size_t(round - 1) % order.size()),
              order.end());
  std::vector<runner::MeasureRequest> requests;
  for (size_t i : order)
    requests.push_back(Request("q" + records[i].schedule_hash + "-" + std::to_string(round),
                               records[i].script, false));
  runner::MeasureCallbacks cb;  // the budget is checked between records, as in the search
  cb.cancelled = [this] { return Cancelled() || RaceOutOfTime(); };
  // Results come in the order of the requests (as in Measure; cut ones are Cancelled).
  std::vector<runner::MeasureResult> results = runner_.Measure(requests, cb);
  int timed = 0;
  for (size_t j = 0; j < order.size() && j < results.size(); ++j) {
    const runner::MeasureResult& m = results[j];
    if (m.status != runner::MeasureStatus::Ok || !(m.median_ms > 0)) continue;
    ++timed;
    const size_t i = order[j];
    NoteTime(m.median_ms);
    const double normalized = TimeOf(m);
    race.AddTiming(i, m.median_ms);
    race_scales_.push_back(normalized / m.median_ms);
    // Each call at the same reference speed as the median.
    std::vector<double>& calls = rerank_calls_[records[i].id];
    if (m.times_ms.empty()) calls.push_back(normalized);
    for (double t : m.times_ms) calls.push_back(t * normalized / m.median_ms);
  }
  return timed;
}

Status TuneRun::KeepRerankTimings(const RerankRace& race, std::vector<TuningRecord>& records) {
  for (size_t i = 0; i < records.size(); ++i) {
    if (race.timings(i).empty()) continue;  // not timed again (cut by the budget)
    char buf[96];
    std::snprintf(buf, sizeof buf, "re-ranked after the search (ranked at %.4g ms): timed",
                  records[i].median_ms);
    std::string why = buf;
    for (double t : race.timings(i)) {
      std::snprintf(buf, sizeof buf, " %.4g", t);
      why += buf;
    }
    std::snprintf(buf, sizeof buf, " ms in its rounds, %.4g ms kept", RaceTime(race, i));
    why += buf;
    if (race.leftAfter(i) > 0) {
      std::snprintf(buf, sizeof buf, "; left after round %d, clearly slower than the leader",
                    race.leftAfter(i));
      why += buf;
    }
    if (Status st = UpdateTiming(&records[i], RaceTime(race, i), why); !st) return st;
    reranked_ids_.insert(records[i].id);
    ++result_.reranked;
  }
  return Status::Ok();
}

void TuneRun::MeasureClaimOverInput() {
  runner::MeasureCallbacks cb;
  cb.cancelled = [this] { return Cancelled(); };
  std::optional<std::string> stopped_why;
  if (Cancelled())
    stopped_why = "the run was cancelled";
  else if (OutOfTime())
    stopped_why = "the time budget was spent";
  const auto claim = MeasureRunClaim(runner_, Request("v", "", false), result_.best, result_.input,
                                     options_.repeat, options_.claim_processes, options_.timeout_s,
                                     stopped_why, cb, [this](const std::string& m) { Message(m); });
  if (claim) result_.best_vs_input = claim;
}

Status TuneRun::AcceptBest() {
  // Each unchecked leader is checked once; one that disagrees with the oracle drops out.
  for (int attempt = 0; attempt < 8; ++attempt) {
    auto best = db_->Best(query_);
    if (!best) return best.error();
    if (!best->has_value()) return Status::Ok();
    TuningRecord rec = **best;
    if (rec.checked) {
      result_.best = rec;
      return Status::Ok();
    }
    auto results = runner_.Measure({Request("k" + rec.schedule_hash, rec.script, true)}, {});
    const bool matched = !results.empty() && results[0].status == runner::MeasureStatus::Ok;
    std::string why = results.empty() ? "the runner returned nothing" : results[0].message;
    if (Status st = db_->SetChecked(rec.id, matched, why); !st) return st;
    if (matched) {
      rec.checked = true;
      if (!results.empty()) rec.max_error = results[0].max_error;
      auto confirmed = Confirm(&rec);
      if (!confirmed) return confirmed.error();
      if (!*confirmed) continue;  // slower the second time: the leader may have changed
      if (!result_.best || result_.best->id != rec.id)
        Message("new best: " + std::to_string(rec.gflops) + " GFLOP/s, " +
                std::to_string(rec.median_ms) + " ms (agrees with the te oracle)");
      result_.best = rec;
      return Status::Ok();
    }
    Message("a candidate at " + std::to_string(rec.gflops) +
            " GFLOP/s failed the oracle check: " + why);
  }
  return Status::Ok();
}

Status TuneRun::MeasureInput() {
  if (!input_laid_out_.empty()) {
    Message("the input schedule lays out " + input_laid_out_ +
            " anew (transform_layout), so its kernel takes other arguments than this run's "
            "workload: it is not measured, and no speed-up is claimed over it (tune with the "
            "arguments in blocked layouts to compare with it)");
    return Status::Ok();
  }
  for (const std::string& h : InputHashes())
    if (seen_.count(h)) return Status::Ok();
  std::string script = script::PrintScript(program_);
  std::string hash = HashText(script);
  auto results = runner_.Measure({Request("c" + hash, script, false)}, {});
  if (results.empty()) return Error("tune: the runner returned no result for the input schedule");
  TuningRecord rec = MakeRecord(script, hash, "input", results[0]);
  auto id = db_->Add(rec);
  if (!id) return id.error();
  rec.id = *id;
  seen_.insert(hash);
  if (rec.status == kStatusOk)
    result_.input = rec;
  else
    Message("the input schedule did not run: " + rec.status + ": " + rec.message);
  return Status::Ok();
}

bool TuneRun::Consider(const Decisions& d, const std::string& source,
                       std::map<std::string, Proposal>* pool, std::string* hash_out) {
  auto valid = space_->Validate(d, args_);
  if (!valid) {
    ++result_.invalid;
    return false;
  }
  std::string script = ReadableCandidateScript(program_, valid->schedule);
  std::string hash = HashText(script);
  if (seen_.count(hash) || pool->count(hash)) return false;
  if (hash_out) *hash_out = hash;
  (*pool)[hash] =
      Proposal{d, std::move(script), hash, CandidateFeatures(valid->func, *space_, d), source, 0};
  return true;
}

std::vector<Proposal> TuneRun::ProposeSeeds(int count) {
  std::map<std::string, Proposal> pool;
  std::vector<std::string> order;  // the space's order: its best guesses first
  while (next_seed_ < seeds_.size() && static_cast<int>(order.size()) < count) {
    std::string hash;
    if (Consider(seeds_[next_seed_++], "seed", &pool, &hash)) order.push_back(hash);
  }
  std::vector<Proposal> out;
  for (const std::string& hash : order) out.push_back(std::move(pool.at(hash)));
  return out;
}

std::vector<Proposal> TuneRun::ProposeGiven(int count) {
  std::vector<Proposal> out;
  while (next_given_ < given_.scripts.size() && static_cast<int>(out.size()) < count) {
    std::string& script = given_.scripts[next_given_++];
    std::string hash = HashText(script);
    if (seen_.count(hash)) continue;
    seen_.insert(hash);  // a list naming a script twice measures it once
    out.push_back(Proposal{{}, std::move(script), hash, {}, given_.source, 0});
  }
  return out;
}

std::vector<Proposal> TuneRun::Propose(int count) {
  std::map<std::string, Proposal> pool;
  std::vector<const Sample*> parents;
  for (const Sample& s : samples_)
    if (s.gflops > 0) parents.push_back(&s);
  std::sort(parents.begin(), parents.end(),
            [](const Sample* a, const Sample* b) { return a->gflops > b->gflops; });
  if (parents.size() > 8) parents.resize(8);
  const bool guided = options_.strategy != "random" && model_.trained() && !parents.empty();
  if (!guided) {
    for (int attempt = 0; static_cast<int>(pool.size()) < count && attempt < 50 * count; ++attempt)
      Consider(space_->Sample(rng_), "random", &pool);
    std::vector<Proposal> out;
    for (auto& [hash, p] : pool) out.push_back(std::move(p));
    std::shuffle(out.begin(), out.end(), rng_);
    return out;
  }
  // Generation 1: mutations of the best measured candidates, and some fresh samples.
  const int population = std::max(options_.population, count);
  for (int attempt = 0; static_cast<int>(pool.size()) < population && attempt < 4 * population;
       ++attempt) {
    if (attempt % 4 == 3) {
      Consider(space_->Sample(rng_), "random", &pool);
      continue;
    }
    Decisions d =
        parents[std::uniform_int_distribution<size_t>(0, parents.size() - 1)(rng_)]->decisions;
    int steps = 1 + static_cast<int>(rng_() % 2);
    for (int i = 0; i < steps; ++i) d = space_->Mutate(d, rng_);
    Consider(d, "evolution", &pool);
  }
  auto rank = [&]() {
    std::vector<Proposal*> ranked;
    std::vector<std::vector<float>> rows;
    for (auto& [hash, p] : pool) {
      ranked.push_back(&p);
      rows.push_back(p.features);
    }
    auto scores = model_.Predict(rows);
    for (size_t i = 0; i < ranked.size(); ++i) ranked[i]->score = scores ? (*scores)[i] : 0.0;
    std::sort(ranked.begin(), ranked.end(), [](const Proposal* a, const Proposal* b) {
      return a->score != b->score ? a->score > b->score : a->hash < b->hash;
    });
    return ranked;
  };
  // Generation 2: mutations of the model's favourites.
  std::vector<Decisions> elite;
  for (Proposal* p : rank()) {
    if (elite.size() >= 8) break;
    elite.push_back(p->decisions);
  }
  for (const Decisions& e : elite)
    for (int i = 0; i < 3; ++i) Consider(space_->Mutate(e, rng_), "evolution", &pool);
  std::vector<Proposal*> ranked = rank();
  const int explore =
      std::min<int>(static_cast<int>(std::lround(count * options_.explore_fraction)),
                    std::max<int>(0, static_cast<int>(ranked.size()) - count));
  std::vector<Proposal> out;
  for (Proposal* p : ranked) {
    if (static_cast<int>(out.size()) >= count - explore) break;
    out.push_back(*p);
  }
  std::vector<Proposal*> rest(ranked.begin() + static_cast<long>(out.size()), ranked.end());
  std::shuffle(rest.begin(), rest.end(), rng_);
  for (int i = 0; i < explore && i < static_cast<int>(rest.size()); ++i) out.push_back(*rest[i]);
  return out;
}

Status TuneRun::Measure(std::vector<Proposal> proposals) {
  std::vector<runner::MeasureRequest> requests;
  // Only the search's candidates get a timing limit: the input schedule, confirmations,
  // re-ranking and claim rounds are timed whatever they take.
  for (const Proposal& p : proposals) {
    requests.push_back(Request("c" + p.hash, p.script, false));
    runner::MeasureRequest& r = requests.back();
    r.timing_timeout_s = TimingLimitS(r.warmup, r.repeat, fastest_ms_, r.timeout_s);
  }
  runner::MeasureCallbacks cb;
  // The budget is checked between the candidates of a batch too (the runner stops and
  // reports the rest Cancelled), not only between batches.
  cb.cancelled = [this] { return Cancelled() || SearchOutOfTime(); };
  const double batch_start = Elapsed();
  std::vector<runner::MeasureResult> results = runner_.Measure(requests, cb);
  search_measure_s_ += Elapsed() - batch_start;
  for (const runner::MeasureResult& r : results)
    if (r.status != runner::MeasureStatus::Cancelled) ++search_measured_;
  std::vector<TuneTrial> trials;
  for (size_t i = 0; i < proposals.size() && i < results.size(); ++i) {
    if (results[i].status == runner::MeasureStatus::Cancelled) continue;
    if (results[i].status == runner::MeasureStatus::Timeout &&
        requests[i].timeout_s < options_.timeout_s) {
      Message("a candidate was stopped at the end of the time budget (not recorded)");
      continue;
    }
    const Proposal& p = proposals[i];
    TuningRecord rec = MakeRecord(p.script, p.hash, p.source, results[i]);
    auto id = db_->Add(rec);
    if (!id) return id.error();
    seen_.insert(p.hash);
    const bool ok = rec.status == kStatusOk;
    samples_.push_back(Sample{p.decisions, p.features, ok ? rec.gflops : 0.0});
    ++result_.measured;
    if (!ok) ++result_.failed;
    if (results[i].timing_limit_hit) ++result_.too_slow;
    TuneTrial t;
    t.index = result_.measured;
    t.source = p.source;
    t.status = rec.status;
    t.median_ms = rec.median_ms;
    t.gflops = ok ? rec.gflops : 0.0;
    trials.push_back(t);
  }
  if (Status st = AcceptBest(); !st) return st;
  const double best = result_.best ? result_.best->gflops : 0.0;
  const double now = Elapsed();
  curve_.emplace_back(now, best);
  for (TuneTrial& t : trials) {
    t.best_gflops = best;
    t.elapsed_s = now;
    result_.trials.push_back(t);
    if (callbacks_.on_trial) callbacks_.on_trial(t);
  }
  return Status::Ok();
}

Status TuneRun::Search() {
  while (result_.measured < options_.trials && !SearchOutOfTime() && !Cancelled()) {
    const int count = std::min(options_.batch_size, options_.trials - result_.measured);
    // The rule-derived seeds first, then the search proper (or the given candidates).
    std::vector<Proposal> proposals = given_source_ ? ProposeGiven(count) : ProposeSeeds(count);
    if (!given_source_ && static_cast<int>(proposals.size()) < count) {
      std::set<std::string> taken;
      for (const Proposal& p : proposals) taken.insert(p.hash);
      for (Proposal& p : Propose(count - static_cast<int>(proposals.size())))
        if (taken.insert(p.hash).second) proposals.push_back(std::move(p));
    }
    if (proposals.empty()) {
      Message(given_source_ ? "every given candidate has been measured"
                            : "no new valid candidate found: the design space looks exhausted");
      break;
    }
    if (Status st = Measure(std::move(proposals)); !st) return st;
    if (options_.strategy != "random" && !given_source_) {
      std::vector<std::vector<float>> rows;
      std::vector<double> gflops;
      for (const Sample& s : samples_) {
        rows.push_back(s.features);
        gflops.push_back(s.gflops);
      }
      if (Status st = model_.Update(rows, gflops); !st) Message(st.error().message);
    }
  }
  return Status::Ok();
}

Result<TuneResult> TuneRun::Run() {
  if (!program_.schedule) return Error("tune: the script creates no schedule (te.create_schedule)");
  if (options_.strategy != "evolution" && options_.strategy != "random")
    return Error("tune: unknown strategy '" + options_.strategy + "' (evolution or random)");
  const std::vector<te::Operation>& outputs = program_.schedule->outputs;
  if (!given_source_) {
    TargetInfo target = TargetInfoFromFeatures(machine_.isa_features, machine_.cores);
    target.blocked = options_.blocked;
    // A script with knobs (cfg.define_*) is tuned over exactly those; otherwise the space
    // is generated from the workload.
    auto space = script::UsesTuneConfig(program_)
                     ? DesignSpace::FromScriptKnobs(program_.source, program_.file, target)
                     : DesignSpace::Generate(outputs, target);
    if (!space) return space.error();
    space_ = std::move(space.value());
    if (options_.strategy == "evolution")
      seeds_ = space_->Seeds();  // the random baseline stays random
    args_ = program_.Arguments();
  }
  result_.workload = FingerprintWorkload(outputs, options_.shape_vars, options_.blocked);
  result_.machine_key = machine_.Key();
  query_ = RecordQuery{result_.workload.hash, options_.target, result_.machine_key};
  input_laid_out_ = ArgumentLaidOutBeyond(*program_.schedule, options_.blocked);
  if (!db_) {
    auto memory = Database::Open(":memory:");
    if (!memory) return memory.error();
    private_db_ = std::move(memory.value());
    db_ = private_db_.get();
  }
  if (Status st = Resume(); !st) return st.error();
  if (options_.measure_input)
    if (Status st = MeasureInput(); !st) return st.error();
  if (given_source_) {
    given_ = (*given_source_)(seen_, options_.trials);
    result_.invalid += given_.invalid;
  }
  if (Status st = Search(); !st) return st.error();
  if (Status st = AcceptBest(); !st) return st.error();
  if (Status st = Rerank(); !st) return st.error();
  MeasureClaimOverInput();
  result_.elapsed_s = Elapsed();
  if (!curve_.empty() && curve_.back().second > 0)
    for (const auto& [t, g] : curve_)
      if (g >= 0.9 * curve_.back().second) {
        result_.seconds_to_90_percent = t;
        break;
      }
  return std::move(result_);
}

}  // namespace

Result<TuneResult> Tune(const script::ScriptProgram& program, runner::Runner& runner, Database* db,
                        const runner::MachineSignature& machine, const TuneOptions& options,
                        const TuneCallbacks& callbacks) {
  TuneRun run(program, runner, db, machine, options, callbacks);
  return run.Run();
}

Result<TuneResult> TuneCandidates(const script::ScriptProgram& program,
                                  const CandidateSource& candidates, runner::Runner& runner,
                                  Database* db, const runner::MachineSignature& machine,
                                  const TuneOptions& options, const TuneCallbacks& callbacks) {
  TuneRun run(program, runner, db, machine, options, callbacks, &candidates);
  return run.Run();
}

}  // namespace tessera::tune
