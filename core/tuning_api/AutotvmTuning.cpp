#include "tuning_api/AutotvmTuning.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>

#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "runtime/cuda/CudaDriver.h"
#include "script/export/ScriptPrinter.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/autotvm/TuneConfig.h"
#include "script/tvm/runtime/RuntimeObjects.h"
#include "support/Json.h"
#include "tune/ChildProcessRunner.h"
#include "tune/Fingerprint.h"

namespace tessera::tuning_api {

using namespace script;

namespace {

std::mutex g_tuning_log_mutex;
std::function<void(const std::string&)> g_tuning_log;
ScriptRunnerFactory g_runner_factory;  // guarded by g_tuning_log_mutex
// Tune calls running in this process; a forked measuring child inherits the count, so a
// script it evaluates never starts a tuning job of its own.
std::atomic<int> g_tuning_depth{0};

struct TuningDepthGuard {
  TuningDepthGuard() { ++g_tuning_depth; }
  ~TuningDepthGuard() { --g_tuning_depth; }
};

// A task argument as Python source; nullopt for anything TVM could not serialise either.
std::optional<std::string> AutotvmLiteral(const Value& v) {
  if (v.is_none() || v.is_bool() || v.is_int() || v.is_float()) return repr(v);
  if (v.is_string()) return JsonQuote(v.as_string());  // its escapes are Python's too
  if (!v.is_sequence()) return std::nullopt;
  const bool tuple = v.kind() == Value::Kind::Tuple;
  std::string out = tuple ? "(" : "[";
  for (size_t i = 0; i < v.items().size(); ++i) {
    auto item = AutotvmLiteral(v.items()[i]);
    if (!item) return std::nullopt;
    out += (i ? ", " : "") + *item;
  }
  if (tuple && v.items().size() == 1) out += ",";
  return out + (tuple ? ")" : "]");
}

size_t LineStart(const std::string& text, size_t at) {
  size_t nl = text.rfind('\n', at == 0 ? 0 : at - 1);
  return (nl == std::string::npos || at == 0) ? 0 : nl + 1;
}

// Removes up to `width` leading spaces / tabs of every line of `text`.
std::string Dedented(const std::string& text, size_t width) {
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t eol = text.find('\n', start);
    std::string line =
        text.substr(start, eol == std::string::npos ? std::string::npos : eol - start);
    size_t strip = 0;
    while (strip < width && strip < line.size() && (line[strip] == ' ' || line[strip] == '\t'))
      ++strip;
    out += line.substr(strip);
    if (eol == std::string::npos) break;
    out += "\n";
    start = eol + 1;
  }
  return out;
}

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// The knobs' points in TVM's ConfigSpace index order (the first knob varies fastest) as
// complete candidate scripts, skipping those measured already.
tune::CandidateList GridCandidates(const ScriptProgram& workload,
                                   const std::set<std::string>& measured, int count) {
  tune::CandidateList list;
  list.source = "grid";
  auto fallback = EvaluateTunableScript(workload.source, workload.file, {});
  if (!fallback) return list;
  std::vector<ScriptKnob> knobs = fallback->knobs;
  std::vector<std::vector<std::vector<int64_t>>> domains;
  uint64_t total = 1;
  for (const ScriptKnob& k : knobs) {
    std::vector<std::vector<int64_t>> d;
    if (k.kind == ScriptKnob::Kind::Split) {
      d = SplitValues(k);
    } else {
      for (size_t i = 0; i < k.choices.size(); ++i) d.push_back({static_cast<int64_t>(i)});
    }
    total = d.empty() ? 0 : std::min<uint64_t>(total * d.size(), uint64_t{1} << 40);
    domains.push_back(std::move(d));
  }
  for (uint64_t index = 0; index < total && static_cast<int>(list.scripts.size()) < count;
       ++index) {
    KnobValues values;
    uint64_t rest = index;
    for (size_t i = 0; i < knobs.size(); ++i) {
      values[knobs[i].name] = domains[i][rest % domains[i].size()];
      rest /= domains[i].size();
    }
    auto point = EvaluateTunableScript(workload.source, workload.file, values);
    if (!point || !point->program.schedule) {
      ++list.invalid;
      continue;
    }
    std::string script = tune::CandidateScript(point->program, *point->program.schedule);
    if (measured.count(tune::HashText(script))) continue;
    list.scripts.push_back(std::move(script));
  }
  return list;
}

}  // namespace

void SetScriptTuningRunnerFactory(ScriptRunnerFactory factory) {
  std::lock_guard<std::mutex> lock(g_tuning_log_mutex);
  g_runner_factory = std::move(factory);
}

void SetScriptTuningLog(std::function<void(const std::string&)> sink) {
  std::lock_guard<std::mutex> lock(g_tuning_log_mutex);
  g_tuning_log = std::move(sink);
}

void ScriptTuningMessage(const std::string& line) {
  std::lock_guard<std::mutex> lock(g_tuning_log_mutex);
  if (g_tuning_log) {
    g_tuning_log(line);
    return;
  }
  std::cerr << line << "\n";
}

std::optional<int> ScriptTrialCap() {
  const char* text = std::getenv("TESSERA_TUNE_TRIALS");
  if (!text || !*text) return std::nullopt;
  char* end = nullptr;
  long v = std::strtol(text, &end, 10);
  if (*end != '\0' || v < 0 || v > 1000000) return std::nullopt;
  return static_cast<int>(v);
}

std::string TuningTargetKind(const std::string& target) {
  return target.substr(0, target.find(' '));
}

std::optional<std::string> TuningTargetText(const Value& v) {
  if (v.is_string()) return v.as_string();
  if (auto* t = v.as<TargetObject>()) return t->text;
  return std::nullopt;
}

bool ScriptTuningSkipped(const EvaluationHost& host, bool run_here) {
  const std::optional<int> cap = ScriptTrialCap();
  return !host.run_tuning || !run_here || (cap && *cap == 0);
}

bool MissingLogOfSkippedTuning(const EvaluationHost& host, bool run_here, const std::string& path,
                               const std::string& fallback, const SourceLoc& loc) {
  std::error_code ec;
  if (path.empty() || std::filesystem::exists(path, ec) || !ScriptTuningSkipped(host, run_here))
    return false;
  ScriptTuningMessage(loc.file + ":" + std::to_string(loc.line) + ": the tuning log '" + path +
                      "' does not exist and tuning is skipped in this evaluation: " + fallback +
                      " (tune with tessera-cli lower / tune, or the GUI's Tune dock)");
  return true;
}

Result<std::vector<std::pair<std::string, std::string>>> BindLiteralArguments(
    const FunctionObject& fn, const CallArgs& call) {
  const std::vector<AstParam>& params = fn.def->params;
  std::vector<std::pair<std::string, std::string>> bound;
  if (call.positional.size() > params.size())
    return Error("'" + fn.def->name + "' takes " + std::to_string(params.size()) + " arguments (" +
                     std::to_string(call.positional.size()) + " given)",
                 call.loc);
  for (const auto& [name, value] : call.keywords) {
    bool known = false;
    for (const AstParam& p : params) known = known || p.name == name;
    if (!known) return Error("'" + fn.def->name + "' has no parameter '" + name + "'", call.loc);
  }
  for (size_t i = 0; i < params.size(); ++i) {
    const AstParam& p = params[i];
    if (p.kind != ParamKind::Positional)
      return Error(
          "a tuning template or workload takes plain parameters (not *args or keyword-only ones)",
          p.loc);
    const Value* value = nullptr;
    SourceLoc where = call.loc;
    if (i < call.positional.size()) {
      value = &call.positional[i];
      where = call.positional_locs[i];
    }
    for (size_t k = 0; !value && k < call.keywords.size(); ++k)
      if (call.keywords[k].first == p.name) {
        value = &call.keywords[k].second;
        where = call.keyword_locs[k];
      }
    if (!value && i < fn.defaults.size() && fn.defaults[i]) value = &*fn.defaults[i];
    if (!value)
      return Error("'" + fn.def->name + "' is missing the argument '" + p.name + "'", call.loc);
    auto literal = AutotvmLiteral(*value);
    if (!literal)
      return Error("the argument '" + p.name + "' of '" + fn.def->name +
                       "' must be a number, a string, a boolean, None or a tuple / list of them (a "
                       "tuning task's "
                       "arguments are its key, as in TVM), not " +
                       value->type_name(),
                   where);
    bound.emplace_back(p.name, *literal);
  }
  return bound;
}

Result<std::string> FlattenFunction(const EvaluationHost& host, const FunctionObject& fn,
                                    const CallArgs& call, const std::string& tail) {
  const AstStmt& def = *fn.def;
  if (def.body.empty() || def.body.back().kind != StmtKind::Return || !def.body.back().value)
    return Error("'" + def.name +
                     "' must end with a return of what it builds (TVM's templates return "
                     "`s, [tensors]`, workloads `[tensors]`)",
                 def.loc);
  for (size_t i = 0; i + 1 < def.body.size(); ++i)
    if (def.body[i].kind == StmtKind::Return)
      return Error("a tuning template or workload returns once, at its end", def.body[i].loc);
  auto bound = BindLiteralArguments(fn, call);
  if (!bound) return bound.error();
  std::string header = host.imports ? host.imports() : "";
  if (header.find("import tvm") == std::string::npos) header = "import tvm\n" + header;
  for (const auto& [name, literal] : *bound) header += name + " = " + literal + "\n";
  const std::string& src = host.source;
  const AstStmt& first = def.body.front();
  const AstStmt& ret = def.body.back();
  if (ret.end > src.size() || first.begin > ret.begin)
    return Error("the source of '" + def.name + "' is not available", def.loc);
  // Body lines keep their numbers when the header fits above them.
  const int header_lines = static_cast<int>(std::count(header.begin(), header.end(), '\n'));
  for (int line = header_lines + 1; line < first.loc.line; ++line) header += "\n";
  const size_t body_start = LineStart(src, first.begin);
  const size_t indent = first.begin - body_start;
  std::string body = def.body.size() > 1
                         ? src.substr(body_start, def.body[def.body.size() - 2].end - body_start)
                         : "";
  std::string value = src.substr(ret.begin, ret.end - ret.begin);
  value = value.substr(std::string("return").size());
  value.erase(0, value.find_first_not_of(" \t"));
  std::string out = header + Dedented(body, indent);
  if (!body.empty()) out += "\n";
  return out + "_tessera_result = " + value + "\n" + tail;
}

Result<std::unique_ptr<tune::Database>> OpenTuningLog(const std::string& path, bool must_exist,
                                                      const SourceLoc& loc) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (path.empty()) return Error("the tuning log needs a file name", loc);
  const bool exists = fs::exists(path, ec);
  if (!exists && must_exist)
    return Error("the tuning log '" + path +
                     "' does not exist (tune first: tuner.tune(..., callbacks=[autotvm." +
                     "callback.log_to_file(...)]) or task.tune with auto_scheduler.RecordToFile)",
                 loc);
  if (exists) {
    if (fs::is_directory(path, ec)) return Error("the tuning log '" + path + "' is a folder", loc);
    std::ifstream in(path, std::ios::binary);
    std::string head(16, '\0');
    in.read(head.data(), 16);
    head.resize(static_cast<size_t>(in.gcount()));
    if (!head.empty() && head != std::string("SQLite format 3\0", 16)) {
      size_t first = head.find_first_not_of(" \t\r\n");
      const bool json = first != std::string::npos && head[first] == '{';
      return Error(
          "'" + path + "' is not a Tessera tuning log" +
              std::string(
                  json ? " (it looks like TVM's JSON-lines log, whose records name TVM's own "
                         "schedule steps and cannot be replayed by Tessera)"
                       : "") +
              ": Tessera's logs are its records database (an SQLite file, LANGUAGE.md \"Tuning "
              "logs\"); "
              "tune with Tessera to write one, or name another file",
          loc);
    }
  }
  auto db = tune::Database::Open(path);
  if (!db) return Error(db.error().message, loc);
  return std::move(db.value());
}

Result<int> RunScriptTuning(const ScriptTuneRequest& request, const SourceLoc& loc,
                            const ScriptTuneCall& call) {
  const std::string where = loc.file + ":" + std::to_string(loc.line) + ": ";
  if (!request.allowed) return 0;  // a tuner's own evaluation of the program
  if (!request.run_here) {
    ScriptTuningMessage(where + request.what +
                        ": tuning skipped (tune calls in a program are not run here: use the "
                        "Tune dock, or tessera-cli lower / tune)");
    return 0;
  }
  if (g_tuning_depth.load() > 0) {
    ScriptTuningMessage(where + request.what +
                        ": tuning skipped (a tuning job is already running)");
    return 0;
  }
  int trials = request.trials;
  if (auto cap = ScriptTrialCap(); cap && *cap < trials) {
    ScriptTuningMessage(where + request.what + ": TESSERA_TUNE_TRIALS=" + std::to_string(*cap) +
                        " caps the " + std::to_string(trials) + " trials the program asks for");
    trials = *cap;
  }
  if (trials <= 0) {
    ScriptTuningMessage(where + request.what + ": tuning skipped (no trials)");
    return 0;
  }
  const std::string kind = TuningTargetKind(request.target);
  if (kind == "cuda") {
    std::string why;
    if (!runtime::CudaAvailable(&why))
      ScriptTuningMessage(where + request.what + ": measuring CUDA kernels needs a GPU (" + why +
                          "): the tuning step is skipped");
    else
      ScriptTuningMessage(
          where + request.what +
          ": Tessera's tuner measures CPU (llvm) kernels only: the CUDA tuning step is skipped");
    return 0;
  }
  if (kind != "llvm") {
    ScriptTuningMessage(where + request.what + ": Tessera tunes for the target llvm, not '" +
                        request.target + "': the tuning step is skipped");
    return 0;
  }
  if (!codegen::LLVMAvailable()) {
    ScriptTuningMessage(where + request.what +
                        ": this build has no LLVM backend: the tuning step is skipped");
    return 0;
  }
  std::unique_ptr<tune::Database> db;
  if (!request.log_path.empty()) {
    auto opened = OpenTuningLog(request.log_path, false, loc);
    if (!opened) return opened.error();
    db = std::move(opened.value());
  }
  std::string problem;
  ScriptRunnerFactory factory;
  {
    std::lock_guard<std::mutex> lock(g_tuning_log_mutex);
    factory = g_runner_factory;
  }
  std::unique_ptr<runner::Runner> runner;
  if (factory)
    runner = factory(&problem);
  else
    runner = tune::ChildProcessRunner::Create("", &problem);
  if (!runner) return Error(request.what + ": " + problem, loc);
  auto machine = runner->Machine(&problem);
  if (!machine) return Error(request.what + ": " + problem, loc);
  tune::TuneOptions options;
  options.trials = trials;
  options.batch_size = std::max(1, std::min(request.batch_size, trials));
  options.repeat = std::max(1, request.repeat);
  options.timeout_s = request.timeout_s > 0 ? request.timeout_s : 60;
  options.seed = request.seed;
  options.strategy = request.strategy == "random" ? "random" : "evolution";
  // A program's tune call logs records and reports the best; it states no speed-up over
  // an input, so the claim's fresh processes would be time spent on nothing printed.
  options.claim_processes = 0;
  tune::TuneCallbacks callbacks;
  const std::string prefix = "tune (" + request.what + "): ";
  callbacks.on_message = [prefix](const std::string& m) { ScriptTuningMessage(prefix + m); };
  callbacks.on_trial = [prefix, trials](const tune::TuneTrial& t) {
    std::string line = prefix + "[" + std::to_string(t.index) + "/" + std::to_string(trials) +
                       "] " + t.source + " " + t.status;
    if (t.status == tune::kStatusOk) line += " " + Fixed(t.gflops, 2) + " GFLOP/s";
    ScriptTuningMessage(line + "  best " + Fixed(t.best_gflops, 2) + " GFLOP/s  (" +
                        Fixed(t.elapsed_s, 1) + " s)");
  };
  ScriptTuningMessage(where + request.what + ": tuning " + std::to_string(trials) + " trials (" +
                      request.strategy + ") on this machine" +
                      (request.log_path.empty() ? "" : ", records in " + request.log_path));
  TuningDepthGuard depth;
  Result<ScriptTuneOutcome> result = call(*runner, db.get(), *machine, options, callbacks);
  if (!result) return Error(request.what + ": " + result.error().message, loc);
  std::string summary = prefix + std::to_string(result->measured) + " measured (" +
                        std::to_string(result->failed) + " failed) in " +
                        Fixed(result->elapsed_s, 1) + " s";
  if (result->best)
    summary += "; best " + Fixed(result->best->gflops, 2) + " GFLOP/s, " +
               Fixed(result->best->median_ms, 3) + " ms";
  ScriptTuningMessage(summary);
  return result->measured;
}

Result<int> RunScriptTuning(const ScriptProgram& workload, const ScriptTuneRequest& request,
                            const SourceLoc& loc) {
  return RunScriptTuning(
      request, loc,
      [&](runner::Runner& runner, tune::Database* db, const runner::MachineSignature& machine,
          const tune::TuneOptions& options,
          const tune::TuneCallbacks& callbacks) -> Result<ScriptTuneOutcome> {
        Result<tune::TuneResult> result = Error("");
        if (request.strategy == "grid") {
          tune::CandidateSource grid = [&workload](const std::set<std::string>& measured,
                                                   int count) {
            return GridCandidates(workload, measured, count);
          };
          result = tune::TuneCandidates(workload, grid, runner, db, machine, options, callbacks);
        } else {
          result = tune::Tune(workload, runner, db, machine, options, callbacks);
        }
        if (!result) return result.error();
        return ScriptTuneOutcome{result->measured, result->failed, result->elapsed_s, result->best};
      });
}

Result<std::optional<TunedSchedule>> BestFromLog(tune::Database& db, const ScriptProgram& workload,
                                                 const std::string& target, const SourceLoc& loc) {
  if (!workload.schedule) return Error("the workload creates no schedule", loc);
  tune::WorkloadFingerprint fp = tune::FingerprintWorkload(workload.schedule->outputs);
  tune::RecordQuery query{fp.hash, TuningTargetKind(target), runner::ReadMachineSignature().Key()};
  auto best = db.Best(query);
  if (!best) return Error(best.error().message, loc);
  if (!best->has_value()) return std::optional<TunedSchedule>();
  const tune::TuningRecord& record = **best;
  auto program = EvaluateScript(record.script, "record-" + record.schedule_hash + ".py");
  if (!program || !program->schedule)
    return Error("the best record of " + fp.name + " in the log does not evaluate: " +
                     (program ? std::string("no schedule") : program.error().format()),
                 loc);
  return std::optional<TunedSchedule>(
      TunedSchedule{program->schedule, program->Arguments(), record});
}

std::string TunedScriptText(const tune::TuningRecord& record) {
  std::string header = "# tuned by Tessera: " + Fixed(record.gflops, 2) + " GFLOP/s, median " +
                       Fixed(record.median_ms, 3) + " ms\n# machine: " + record.machine_key + "\n";
  auto program = EvaluateScript(record.script, "best.py");
  if (!program) return header + record.script;
  return header + PrintScript(*program, ScriptDialect::TVM);
}

}  // namespace tessera::tuning_api
