#include "tune/EarlierCandidates.h"

#include <ctime>
#include <set>

#include "tune/ArgumentLayouts.h"
#include "tune/Fingerprint.h"

namespace tessera::tune {

namespace {

// Whether `r` is a candidate of this tuning run's kind: the tuner's id ("c" + the
// script's hash), not a check, same target and shape values, same workload.
bool SameTuning(const runner::MeasureRequest& r, const std::string& workload,
                const TuneOptions& options) {
  if (r.id.size() < 2 || r.id[0] != 'c' || r.check) return false;
  if (r.target != options.target || r.shape_vars != options.shape_vars) return false;
  if (HashText(r.script) != r.id.substr(1)) return false;
  auto program = script::EvaluateScript(r.script, "candidate.py");
  if (!program || !program->schedule) return false;
  // A candidate of a run with blocked arguments may take a placeholder, or write an
  // output, laid out anew: never a record of a run without them.
  if (!ArgumentLaidOutBeyond(*program->schedule, options.blocked).empty()) return false;
  return FingerprintWorkload(program->schedule->outputs, options.shape_vars, options.blocked)
             .hash == workload;
}

}  // namespace

Result<int> RecordEarlierCandidates(const script::ScriptProgram& program, runner::Runner& runner,
                                    Database& db, const runner::MachineSignature& machine,
                                    const TuneOptions& options,
                                    const std::function<bool()>& cancelled) {
  if (!program.schedule) return Error("tune: the script creates no schedule (te.create_schedule)");
  const WorkloadFingerprint workload =
      FingerprintWorkload(program.schedule->outputs, options.shape_vars, options.blocked);
  auto recorded = db.All(RecordQuery{workload.hash, options.target, machine.Key()});
  if (!recorded) return recorded.error();
  std::set<std::string> seen;
  for (const TuningRecord& r : *recorded) seen.insert(r.schedule_hash);
  std::vector<runner::MeasureRequest> todo;
  for (runner::MeasureRequest& r : runner.EarlierRequests())
    if (!seen.count(r.id.substr(std::min<size_t>(1, r.id.size()))) &&
        SameTuning(r, workload.hash, options))
      todo.push_back(std::move(r));
  if (todo.empty()) return 0;
  runner::MeasureCallbacks callbacks;
  callbacks.cancelled = cancelled;
  std::vector<runner::MeasureResult> results = runner.Measure(todo, callbacks);
  int added = 0;
  for (size_t i = 0; i < todo.size() && i < results.size(); ++i) {
    const runner::MeasureResult& m = results[i];
    if (m.status == runner::MeasureStatus::Cancelled) continue;
    TuningRecord rec;
    rec.workload = workload.hash;
    rec.workload_name = workload.name;
    rec.target = options.target;
    const runner::MachineSignature& where = m.machine.cpu_model.empty() ? machine : m.machine;
    rec.machine_key = where.Key();
    rec.machine_json = where.ToJson();
    rec.schedule_hash = todo[i].id.substr(1);
    rec.script = todo[i].script;
    rec.status = std::string(runner::MeasureStatusName(m.status));
    rec.message = m.message;
    rec.times_ms = m.times_ms;
    rec.min_ms = m.min_ms;
    rec.median_ms = m.median_ms;
    rec.gflops = m.gflops;
    rec.max_error = m.max_error;
    rec.source = "resumed";
    rec.created = static_cast<int64_t>(std::time(nullptr));
    if (rec.status == kStatusOk && !(rec.median_ms > 0)) {
      rec.status = "run_error";
      rec.message = "no positive time measured";
    }
    auto id = db.Add(rec);
    if (!id) return id.error();
    ++added;
  }
  return added;
}

}  // namespace tessera::tune
