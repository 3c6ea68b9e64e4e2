#include "TensorIRTune.h"

#include <cstdio>

#include "CliFormat.h"
#include "support/Json.h"
#include "tune/tir/TirTuner.h"

namespace tessera::cli {

namespace {

tune::SpeedupClaim Claim(const tune::TirTuneResult& r) {
  return tune::ClaimOverInput(r.best, r.input, r.best_vs_input);
}
std::string Reasons(const std::map<std::string, int>& reasons) {
  std::string out;
  for (const auto& [why, count] : reasons)
    out += (out.empty() ? "" : ", ") + std::to_string(count) + " " + why;
  return out;
}

// The module's function tuned; "" for a document of one function.
std::string TunedFunction(const script::ScriptProgram& program) {
  return program.tir_module.size() > 1 ? program.tir_func_name : "";
}

// The record's script headed by what it achieved and what may be said against the input
// (and, in a module of several, which function: the input itself schedules none).
std::string TunedDocument(const tune::OfferedSchedule& offered, const std::string& claim,
                          const std::string& function) {
  return "# tuned by tessera-cli tune (TensorIR): " + OfferedSpeed(offered) + "\n# " + claim +
         "\n# machine: " + offered.record.machine_key + "\n" +
         (function.empty() ? "" : "# function: " + function + "\n") + offered.record.script;
}

void WriteJson(const tune::TirTuneResult& r, const std::string& function,
               const std::string& runner_name, std::ostream& out) {
  JsonWriter w;
  w.begin_object()
      .key("kind")
      .value("tensorir")
      .key("function")
      .value(function)
      .key("workload")
      .value(r.workload)
      .key("workload_name")
      .value(r.workload_name)
      .key("machine")
      .value(r.machine_key)
      .key("runner")
      .value(runner_name)
      .key("strategy")
      .value(r.strategy)
      .key("sketches")
      .value(r.sketches)
      .key("evaluated")
      .value(r.evaluated)
      .key("measured")
      .value(r.measured)
      .key("failed")
      .value(r.failed)
      .key("invalid")
      .value(r.invalid)
      .key("duplicates")
      .value(r.duplicates)
      .key("resumed")
      .value(r.resumed)
      .key("elapsed_s")
      .value(r.elapsed_s);
  w.key("invalid_reasons").begin_object();
  for (const auto& [why, count] : r.invalid_reasons) w.key(why).value(count);
  w.end_object();
  if (r.input) w.key("input_median_ms").value(r.input->median_ms);
  if (r.input) w.key("input_gflops").value(r.input->gflops);
  const tune::SpeedupClaim claim = Claim(r);
  if (auto offered = tune::OfferedBest(r.best, r.input, claim)) {
    w.key("best_trace").value(tune::TirTunedTrace(offered->record.script));
    WriteOfferedJson(w, *offered, *r.best);
  }
  WriteClaimJson(w, claim);
  WriteTrialsJson(w, r.trials);
  w.end_object();
  out << w.str() << "\n";
}

}  // namespace

int TensorIRTune(script::ScriptProgram program, const std::string& file,
                 const tune::TuneOptions& options, runner::Runner& runner,
                 const runner::MachineSignature& machine, tune::Database* db, bool json,
                 std::ostream& out, std::ostream& err) {
  if (program.source.empty()) {  // the evaluator keeps the text of structured scripts only
    std::string problem;
    auto text = ReadFile(file, &problem);
    if (!text) {
      err << "tessera-cli tune: " << file << ": a TensorIR document is tuned from its script file ("
          << problem << ")\n";
      return kBadInput;
    }
    program.source = *text;
  }
  tune::TuneCallbacks callbacks;
  callbacks.on_message = [&err](const std::string& m) { err << "tune: " << m << "\n"; };
  callbacks.on_trial = TrialProgressPrinter(err, options.trials);
  auto result = tune::TuneTensorIR(program, runner, db, machine, options, callbacks);
  if (!result) {
    err << "tessera-cli tune: " << result.error().format() << "\n";
    return kBadInput;
  }
  if (json) {
    WriteJson(*result, TunedFunction(program), runner.Name(), out);
    return result->best ? kSuccess : kBadInput;
  }
  err << "tune: " << result->measured << " measured (" << result->failed << " failed, "
      << result->invalid << " invalid candidates skipped"
      << (result->invalid ? ": " + Reasons(result->invalid_reasons) : "") << ", "
      << result->duplicates << " repeated) in " << Fixed(result->elapsed_s, 1) << " s\n";
  if (!result->best) {
    err << "tessera-cli tune: no candidate ran successfully\n";
    return kBadInput;
  }
  const tune::SpeedupClaim claim = Claim(*result);
  out << TunedDocument(*tune::OfferedBest(result->best, result->input, claim),
                       tune::ClaimText(claim), TunedFunction(program));
  return kSuccess;
}

int TensorIRStoredBest(const script::ScriptProgram& program, tune::Database& db,
                       const std::string& target, const std::map<std::string, int64_t>& vars,
                       const runner::MachineSignature& machine, std::ostream& out,
                       std::ostream& err) {
  std::string workload = tune::TirWorkloadKey(program, vars);
  auto all = db.All({workload, target, machine.Key()});
  if (!all) {
    err << "tessera-cli tune: " << all.error().message << "\n";
    return kBadInput;
  }
  const tune::TuningRecord* best = nullptr;
  for (const tune::TuningRecord& r : *all)
    if (r.status == tune::kStatusOk && r.checked && (!best || r.median_ms < best->median_ms))
      best = &r;
  if (!best) {
    err << "tessera-cli tune: no record of TensorIR workload " << workload << " on this machine ("
        << machine.Key() << ")\n";
    return kBadInput;
  }
  std::string claim =
      best->source == "input"
          ? tune::ClaimText({tune::SpeedupClaim::Kind::kInputIsBest, {}})
          : "no speed-up claimed: stored records were not timed in the same rounds (tune FILE "
            "again to time the best and the input schedule together)";
  out << TunedDocument(*tune::OfferedBest(*best, std::nullopt, {}), claim, TunedFunction(program));
  return kSuccess;
}

}  // namespace tessera::cli
