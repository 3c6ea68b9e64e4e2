#include "KnobSearch.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <set>

#include "script/ScriptPrinter.h"
#include "tune/Fingerprint.h"

namespace tessera::gui {
namespace {

using Clock = std::chrono::steady_clock;

class KnobRun {
 public:
  KnobRun(const script::ScriptProgram& program, runner::Runner& runner, tune::Database& db,
          const runner::MachineSignature& machine, const tune::TuneOptions& options,
          const tune::TuneCallbacks& callbacks)
      : program_(program), runner_(runner), db_(db), machine_(machine), options_(options), callbacks_(callbacks) {}

  Result<tune::TuneResult> Run(const std::vector<views::TunableKnob>& knobs);

 private:
  const script::ScriptProgram& program_;
  runner::Runner& runner_;
  tune::Database& db_;
  const runner::MachineSignature& machine_;
  const tune::TuneOptions& options_;
  const tune::TuneCallbacks& callbacks_;
  Clock::time_point start_ = Clock::now();
  tune::RecordQuery query_;
  std::set<std::string> seen_;
  tune::TuneResult result_;

  double Elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  bool Stopped() const {
    return (callbacks_.cancelled && callbacks_.cancelled()) ||
           (options_.time_budget_s > 0 && Elapsed() >= options_.time_budget_s);
  }
  void Message(const std::string& m) const {
    if (callbacks_.on_message) callbacks_.on_message(m);
  }
  runner::MeasureRequest Request(const std::string& script, bool check) const;
  tune::TuningRecord Record(const std::string& script, const std::string& source, const runner::MeasureResult& r) const;
  Status MeasureBatch(const std::vector<std::string>& scripts, const std::string& source);
  Status AcceptBest();
};

runner::MeasureRequest KnobRun::Request(const std::string& script, bool check) const {
  runner::MeasureRequest req;
  req.id = (check ? "k" : "c") + tune::HashText(script);
  req.script = script;
  req.target = options_.target;
  req.shape_vars = options_.shape_vars;
  req.warmup = check ? 0 : options_.warmup;
  req.repeat = check ? 1 : options_.repeat;
  req.check = check;
  req.timeout_s = options_.timeout_s;
  return req;
}

tune::TuningRecord KnobRun::Record(const std::string& script, const std::string& source,
                                   const runner::MeasureResult& r) const {
  tune::TuningRecord rec;
  rec.workload = result_.workload.hash;
  rec.workload_name = result_.workload.name;
  rec.target = options_.target;
  const runner::MachineSignature& where = r.machine.cpu_model.empty() ? machine_ : r.machine;
  rec.machine_key = where.Key();
  rec.machine_json = where.ToJson();
  rec.schedule_hash = tune::HashText(script);
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
  if (rec.status == tune::kStatusOk && !(rec.median_ms > 0)) {
    rec.status = "run_error";
    rec.message = "no positive time measured";
  }
  return rec;
}

// Measures `scripts`, records them, accepts the best, then reports each as a trial.
Status KnobRun::MeasureBatch(const std::vector<std::string>& scripts, const std::string& source) {
  std::vector<runner::MeasureRequest> requests;
  for (const std::string& s : scripts) requests.push_back(Request(s, false));
  runner::MeasureCallbacks cb;
  cb.cancelled = [this] { return Stopped(); };
  std::vector<runner::MeasureResult> results = runner_.Measure(requests, cb);
  std::vector<tune::TuneTrial> trials;
  for (size_t i = 0; i < scripts.size() && i < results.size(); ++i) {
    if (results[i].status == runner::MeasureStatus::Cancelled) continue;
    tune::TuningRecord rec = Record(scripts[i], source, results[i]);
    auto id = db_.Add(rec);
    if (!id) return id.error();
    rec.id = *id;
    seen_.insert(rec.schedule_hash);
    const bool ok = rec.status == tune::kStatusOk;
    if (source == "input") {
      if (ok) result_.input = rec;
      else Message("the input schedule did not run: " + rec.status + ": " + rec.message);
      continue;
    }
    ++result_.measured;
    if (!ok) ++result_.failed;
    tune::TuneTrial t;
    t.index = result_.measured;
    t.source = source;
    t.status = rec.status;
    t.median_ms = rec.median_ms;
    t.gflops = ok ? rec.gflops : 0.0;
    trials.push_back(t);
  }
  if (Status st = AcceptBest(); !st) return st;
  for (tune::TuneTrial& t : trials) {
    t.best_gflops = result_.best ? result_.best->gflops : 0.0;
    t.elapsed_s = Elapsed();
    result_.trials.push_back(t);
    if (callbacks_.on_trial) callbacks_.on_trial(t);
  }
  return Status::Ok();
}

// The fastest record becomes the best once the te oracle agrees; one that does not is
// marked check_failed and the next fastest is tried.
Status KnobRun::AcceptBest() {
  for (int attempt = 0; attempt < 8; ++attempt) {
    auto best = db_.Best(query_);
    if (!best) return best.error();
    if (!best->has_value()) return Status::Ok();
    tune::TuningRecord rec = **best;
    if (rec.checked) {
      result_.best = rec;
      return Status::Ok();
    }
    auto results = runner_.Measure({Request(rec.script, true)}, {});
    const bool matched = !results.empty() && results[0].status == runner::MeasureStatus::Ok;
    std::string why = results.empty() ? "the runner returned nothing" : results[0].message;
    if (Status st = db_.SetChecked(rec.id, matched, why); !st) return st;
    if (matched) {
      rec.checked = true;
      if (!result_.best || result_.best->id != rec.id)
        Message("new best: " + std::to_string(rec.gflops) + " GFLOP/s (agrees with the te oracle)");
      result_.best = rec;
      return Status::Ok();
    }
    Message("a candidate at " + std::to_string(rec.gflops) + " GFLOP/s failed the oracle check: " + why);
  }
  return Status::Ok();
}

Result<tune::TuneResult> KnobRun::Run(const std::vector<views::TunableKnob>& knobs) {
  if (!program_.schedule) return Error("tune: the script creates no schedule (te.create_schedule)");
  if (knobs.empty()) return Error("tune: no knob was made tunable");
  result_.workload = tune::FingerprintWorkload(program_.schedule->outputs, options_.shape_vars);
  result_.machine_key = machine_.Key();
  query_ = tune::RecordQuery{result_.workload.hash, options_.target, result_.machine_key};
  auto all = db_.All(query_);
  if (!all) return all.error();
  for (const tune::TuningRecord& r : *all) {
    seen_.insert(r.schedule_hash);
    if (r.source == "input" && r.status == tune::kStatusOk) result_.input = r;
  }
  result_.resumed = static_cast<int>(all->size());
  if (result_.resumed > 0)
    Message("resumed: " + std::to_string(result_.resumed) + " records of this workload on this machine");
  if (Status st = AcceptBest(); !st) return st.error();
  const std::string input = script::PrintScript(program_);
  if (options_.measure_input && !seen_.count(tune::HashText(input)))
    if (Status st = MeasureBatch({input}, "input"); !st) return st.error();
  // The knobs' points not measured yet, up to the trial count.
  const int limit = static_cast<int>(std::min<int64_t>(views::KnobSpaceSize(knobs), options_.trials + int64_t(seen_.size())));
  std::vector<std::string> fresh;
  for (std::string& s : views::KnobCandidates(program_, knobs, limit, options_.seed, &result_.invalid))
    if (!seen_.count(tune::HashText(s)) && int(fresh.size()) < options_.trials) fresh.push_back(std::move(s));
  Message("the knobs' space: " + std::to_string(views::KnobSpaceSize(knobs)) + " points; " + std::to_string(fresh.size()) +
          " to measure" + (result_.invalid ? ", " + std::to_string(result_.invalid) + " refused by the checks" : ""));
  for (size_t at = 0; at < fresh.size() && !Stopped(); at += size_t(std::max(1, options_.batch_size))) {
    std::vector<std::string> batch(fresh.begin() + long(at),
                                   fresh.begin() + long(std::min(fresh.size(), at + size_t(std::max(1, options_.batch_size)))));
    if (Status st = MeasureBatch(batch, "knob"); !st) return st.error();
  }
  result_.elapsed_s = Elapsed();
  return std::move(result_);
}

}  // namespace

Result<tune::TuneResult> TuneKnobs(const script::ScriptProgram& program, const std::vector<views::TunableKnob>& knobs,
                                   runner::Runner& runner, tune::Database& db,
                                   const runner::MachineSignature& machine, const tune::TuneOptions& options,
                                   const tune::TuneCallbacks& callbacks) {
  KnobRun run(program, runner, db, machine, options, callbacks);
  return run.Run(knobs);
}

}  // namespace tessera::gui
