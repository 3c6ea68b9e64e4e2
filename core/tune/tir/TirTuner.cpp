#include "tune/tir/TirTuner.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <random>
#include <set>

#include "tir/ScriptPrinter.h"
#include "tune/ClaimRounds.h"
#include "tune/Fingerprint.h"
#include "tune/tir/TirEvolutionarySearch.h"
#include "tune/tir/TirSpaceGenerator.h"

namespace tessera::tune {

namespace {

// Earlier records read back into the search (the model's first data) at most.
constexpr int kAdoptedRecords = 256;

using Clock = std::chrono::steady_clock;

class TirTuneRun {
 public:
  TirTuneRun(const script::ScriptProgram& program, runner::Runner& runner, Database& db,
             const runner::MachineSignature& machine, const TuneOptions& options,
             const TuneCallbacks& callbacks)
      : program_(program),
        runner_(runner),
        db_(db),
        machine_(machine),
        options_(options),
        callbacks_(callbacks),
        space_(program.tir_schedule->func(), program.tir_schedule->func_name(),
               static_cast<int64_t>(options.seed)),
        search_(space_, SearchOptions(options), options.seed) {}

  Result<TirTuneResult> Run();

 private:
  double Elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double Remaining() const {
    return options_.time_budget_s > 0 ? options_.time_budget_s - Elapsed() : 1e9;
  }
  bool Stopped() const {
    return Remaining() <= 0 || (callbacks_.cancelled && callbacks_.cancelled());
  }
  void Message(const std::string& m) const {
    if (callbacks_.on_message) callbacks_.on_message(m);
  }
  runner::MeasureRequest Request(const std::string& id, const std::string& script,
                                 bool check) const;
  TuningRecord MakeRecord(const std::string& script, const std::string& hash,
                          const std::string& source, const runner::MeasureResult& r) const;
  Status Resume();
  Status MeasureInput();
  static TirSearchOptions SearchOptions(const TuneOptions& options);
  // The candidate's script, or "" when it cannot be written.
  std::string ScriptOf(const TirCandidate& c) const;
  // Earlier records of the search's candidates, read back as the model's first data.
  void AdoptRecords(const std::vector<TuningRecord>& records);
  Status MeasureBatch(const std::vector<TirCandidate>& batch);
  // Whether `rec` (ok, measured) agrees with the unscheduled function.
  Status Check(TuningRecord* rec);
  void CompareWithInput();

  const script::ScriptProgram& program_;
  runner::Runner& runner_;
  Database& db_;
  runner::MachineSignature machine_;
  TuneOptions options_;
  TuneCallbacks callbacks_;
  TirSpaceGenerator space_;
  TirEvolutionarySearch search_;
  RecordQuery query_;
  std::set<std::string> seen_;
  TirTuneResult result_;
  Clock::time_point start_ = Clock::now();
};

runner::MeasureRequest TirTuneRun::Request(const std::string& id, const std::string& script,
                                           bool check) const {
  runner::MeasureRequest req;
  req.id = id;
  req.script = script;
  req.target = options_.target;
  req.shape_vars = options_.shape_vars;
  // The worker evaluates the script for the function tuned, not the script's own.
  if (program_.tir_module.size() > 1) req.func = program_.tir_func_name;
  req.warmup = check ? 0 : options_.warmup;
  req.repeat = check ? 1 : options_.repeat;
  req.check = check;
  // A check runs the unscheduled function in the IR interpreter when no te definition
  // made it: slow for big workloads, so it is never cut short by the budget.
  req.timeout_s = check ? std::max(options_.timeout_s, 600.0)
                        : std::min(options_.timeout_s, std::max(1.0, Remaining()));
  return req;
}

TuningRecord TirTuneRun::MakeRecord(const std::string& script, const std::string& hash,
                                    const std::string& source,
                                    const runner::MeasureResult& r) const {
  TuningRecord rec;
  rec.workload = result_.workload;
  rec.workload_name = result_.workload_name;
  rec.target = options_.target;
  const runner::MachineSignature& where = r.machine.cpu_model.empty() ? machine_ : r.machine;
  rec.machine_key = where.Key();
  rec.machine_json = where.ToJson();
  rec.schedule_hash = hash;
  rec.script = script;
  rec.status = std::string(runner::MeasureStatusName(r.status));
  rec.message = r.message;
  rec.times_ms = r.times_ms;
  rec.min_ms = r.min_ms;
  rec.median_ms = r.median_ms;
  rec.gflops = r.gflops;
  rec.max_error = r.max_error;
  rec.source = source;
  rec.created = static_cast<int64_t>(std::time(nullptr));
  if (rec.status == kStatusOk && !(rec.median_ms > 0)) {
    rec.status = "run_error";
    rec.message = "no positive time measured";
  }
  return rec;
}

Status TirTuneRun::Resume() {
  auto all = db_.All(query_);
  if (!all.ok()) return all.error();
  for (const TuningRecord& r : *all) {
    seen_.insert(r.schedule_hash);
    ++result_.resumed;
    if (r.status != kStatusOk) continue;
    if (r.source == "input" && r.script == program_.source && r.checked) result_.input = r;
    if (r.checked && (!result_.best || r.median_ms < result_.best->median_ms)) result_.best = r;
  }
  if (result_.resumed) Message("resumed " + std::to_string(result_.resumed) + " records");
  if (options_.strategy == "evolution") AdoptRecords(*all);
  return Status::Ok();
}

TirSearchOptions TirTuneRun::SearchOptions(const TuneOptions& options) {
  TirSearchOptions o;
  o.population = options.population;
  o.eps_greedy = options.explore_fraction;
  o.use_model = options.strategy == "evolution";
  return o;
}

std::string TirTuneRun::ScriptOf(const TirCandidate& c) const {
  auto script = TirCandidateScript(program_, c.trace);
  return script.ok() ? *script : std::string();
}

void TirTuneRun::AdoptRecords(const std::vector<TuningRecord>& records) {
  const size_t user_insts = program_.tir_schedule->trace().insts.size();
  int adopted = 0;
  for (auto r = records.rbegin(); r != records.rend() && adopted < kAdoptedRecords; ++r) {
    if (TirTunedTrace(r->script).empty()) continue;  // the input, or another kind of record
    auto evaluated = script::EvaluateScript(r->script, "record.py");
    if (!evaluated.ok() || !evaluated->is_tensorir()) continue;
    const std::vector<tir::Instruction>& insts = evaluated->tir_schedule->trace().insts;
    if (insts.size() <= user_insts) continue;
    tir::Trace own;
    own.insts.assign(insts.begin() + static_cast<long>(user_insts), insts.end());
    auto candidate = search_.Adopt(own);
    if (!candidate.ok()) continue;
    search_.Observe(*candidate, r->status == kStatusOk ? r->gflops : 0.0);
    ++adopted;
  }
  if (adopted == 0) return;
  if (Status st = search_.Retrain(); !st.ok()) Message(st.error().message);
  Message("the cost model learned from " + std::to_string(adopted) + " earlier records");
}

Status TirTuneRun::MeasureInput() {
  const std::string& script = program_.source;
  std::string hash = HashText(script);
  if (seen_.count(hash)) return Status::Ok();
  auto results = runner_.Measure({Request("c" + hash, script, false)}, {});
  if (results.empty()) return Error("tune: the runner returned no result for the input schedule");
  TuningRecord rec = MakeRecord(script, hash, "input", results[0]);
  auto id = db_.Add(rec);
  if (!id.ok()) return id.error();
  rec.id = *id;
  seen_.insert(hash);
  if (rec.status != kStatusOk) {
    Message("the input schedule did not run: " + rec.status + ": " + rec.message);
    return Status::Ok();
  }
  // The document's schedule competes with the candidates: checked like a leader.
  if (Status st = Check(&rec); !st.ok()) return st;
  if (rec.status != kStatusOk) return Status::Ok();
  result_.input = rec;
  if (!result_.best || rec.median_ms < result_.best->median_ms) result_.best = rec;
  return Status::Ok();
}

Status TirTuneRun::Check(TuningRecord* rec) {
  auto results = runner_.Measure({Request("k" + rec->schedule_hash, rec->script, true)}, {});
  const bool matched = !results.empty() && results[0].status == runner::MeasureStatus::Ok;
  std::string why = results.empty() ? "the runner returned nothing" : results[0].message;
  if (Status st = db_.SetChecked(rec->id, matched, why); !st.ok()) return st;
  rec->checked = true;
  if (matched) {
    rec->max_error = results[0].max_error;
    return Status::Ok();
  }
  rec->status = "check_failed";
  rec->message = why;
  Message("a candidate at " + std::to_string(rec->gflops) +
          " GFLOP/s failed the check against the unscheduled function: " + why);
  return Status::Ok();
}

Status TirTuneRun::MeasureBatch(const std::vector<TirCandidate>& batch) {
  std::vector<runner::MeasureRequest> requests;
  std::vector<std::string> scripts, hashes;
  for (const TirCandidate& c : batch) {
    scripts.push_back(ScriptOf(c));
    hashes.push_back(HashText(scripts.back()));
    requests.push_back(Request("t" + hashes.back(), scripts.back(), false));
  }
  runner::MeasureCallbacks cb;
  cb.cancelled = [this] { return Stopped(); };
  std::vector<runner::MeasureResult> results = runner_.Measure(requests, cb);
  for (size_t i = 0; i < results.size() && i < batch.size(); ++i) {
    if (results[i].status == runner::MeasureStatus::Cancelled) continue;
    TuningRecord rec = MakeRecord(scripts[i], hashes[i], batch[i].source, results[i]);
    auto id = db_.Add(rec);
    if (!id.ok()) return id.error();
    rec.id = *id;
    seen_.insert(hashes[i]);
    ++result_.measured;
    bool leads =
        rec.status == kStatusOk && (!result_.best || rec.median_ms < result_.best->median_ms);
    if (leads) {
      if (Status st = Check(&rec); !st.ok()) return st;
      if (rec.status == kStatusOk) {
        result_.best = rec;
        Message("new best: " + std::to_string(rec.gflops) + " GFLOP/s, " +
                std::to_string(rec.median_ms) + " ms (agrees with the unscheduled function)");
      }
    }
    if (rec.status != kStatusOk) ++result_.failed;
    search_.Observe(batch[i], rec.status == kStatusOk ? rec.gflops : 0.0);
    TuneTrial t;
    t.index = result_.measured;
    t.source = rec.source;
    t.status = rec.status;
    t.median_ms = rec.median_ms;
    t.gflops = rec.gflops;
    t.best_gflops = result_.best ? result_.best->gflops : 0.0;
    t.elapsed_s = Elapsed();
    result_.trials.push_back(t);
    if (callbacks_.on_trial) callbacks_.on_trial(t);
  }
  if (Status st = search_.Retrain(); !st.ok()) Message(st.error().message);
  return Status::Ok();
}

void TirTuneRun::CompareWithInput() {
  runner::MeasureCallbacks cb;
  cb.cancelled = callbacks_.cancelled;
  std::optional<std::string> stopped_why;
  if (callbacks_.cancelled && callbacks_.cancelled()) stopped_why = "the run was cancelled";
  result_.best_vs_input =
      MeasureRunClaim(runner_, Request("v", "", false), result_.best, result_.input,
                      options_.repeat, std::max(1, options_.claim_processes), options_.timeout_s,
                      stopped_why, cb, [this](const std::string& m) { Message(m); });
}

Result<TirTuneResult> TirTuneRun::Run() {
  result_.workload = TirWorkloadKey(program_, options_.shape_vars);
  result_.workload_name = "tir:" + program_.tir_schedule->func().name;
  result_.machine_key = machine_.Key();
  result_.sketches = static_cast<int>(space_.sketches().size());
  query_ = RecordQuery{result_.workload, options_.target, machine_.Key()};
  if (auto var = TirScheduleVariable(program_); !var.ok()) return var.error();
  if (auto made = TirScheduleCreation(program_); !made.ok()) return made.error();
  if (options_.strategy != "evolution" && options_.strategy != "random")
    return Error("tune: unknown strategy '" + options_.strategy + "' (evolution or random)");
  result_.strategy = options_.strategy;
  Message(std::to_string(result_.sketches) + " sketches in the design space");
  if (Status st = Resume(); !st.ok()) return st.error();
  if (options_.measure_input && !Stopped()) {
    if (Status st = MeasureInput(); !st.ok()) return st.error();
  }
  while (result_.measured < options_.trials && !Stopped()) {
    int count = std::min(options_.batch_size, options_.trials - result_.measured);
    auto batch = search_.Propose(count, [this](const TirCandidate& c) {
      const std::string script = ScriptOf(c);
      if (script.empty()) return false;
      if (!seen_.count(HashText(script))) return true;
      ++result_.duplicates;
      return false;
    });
    result_.invalid = search_.invalid();
    result_.invalid_reasons = search_.invalid_reasons();
    result_.evaluated = static_cast<int>(search_.evaluated());
    if (batch.empty()) {
      Message("no new valid candidate found: the space is exhausted");
      break;
    }
    if (Status st = MeasureBatch(batch); !st.ok()) return st.error();
  }
  CompareWithInput();
  result_.elapsed_s = Elapsed();
  return result_;
}

}  // namespace

std::string TirWorkloadKey(const script::ScriptProgram& program,
                           const std::map<std::string, int64_t>& shape_vars) {
  std::string text = tir::AsTVMScript(program.tir_schedule->func(), tir::TvmDialect::Tir);
  // A trace names its module function (get_block's func_name): two functions of a module
  // never share records, even where their bodies are the same.
  if (program.tir_module.size() > 1) text += "\nfunction=" + program.tir_func_name;
  for (const auto& [name, value] : shape_vars) text += "\n" + name + "=" + std::to_string(value);
  return "tir-" + HashText(text);
}

Result<TirTuneResult> TuneTensorIR(const script::ScriptProgram& program, runner::Runner& runner,
                                   Database* db, const runner::MachineSignature& machine,
                                   const TuneOptions& options, const TuneCallbacks& callbacks) {
  if (!program.is_tensorir()) return Error("tune: " + program.file + " is not a TensorIR document");
  std::unique_ptr<Database> memory;
  if (!db) {
    auto opened = Database::Open(":memory:");
    if (!opened.ok()) return opened.error();
    memory = std::move(opened.value());
    db = memory.get();
  }
  TirTuneRun run(program, runner, *db, machine, options, callbacks);
  return run.Run();
}

}  // namespace tessera::tune
