#include "tuning_api/MetaScheduleObjects.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runner/MachineSignature.h"
#include "script/lang/Args.h"
#include "script/lang/ChildInterpreter.h"
#include "script/lang/Interpreter.h"
#include "script/lang/Parser.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "tir/ScriptPrinter.h"
#include "tune/tir/TirCandidateScript.h"
#include "tune/tir/TirTuner.h"
#include "tuning_api/AutotvmTuning.h"

namespace tessera::tuning_api {

namespace {

constexpr const char* kRecordsFile = "tessera-records.db";

// How the script spelled the module: tvm.meta_schedule (TVM 0.20-0.21, tir.Schedule) or
// tvm.s_tir.meta_schedule (s_tir.Schedule).
struct MetaScheduleState {
  const EvaluationHost* host = nullptr;
  bool run_here = true;
  std::string prefix;         // "tvm.meta_schedule"
  std::string schedule_ctor;  // "tvm.tir.Schedule"
};
using MetaScheduleStatePtr = std::shared_ptr<const MetaScheduleState>;

// One task: a PrimFunc of `mod`, with the TVMScript spelling it was read in.
struct MetaScheduleTask {
  std::string name;
  tir::PrimFunc func;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
};

Result<std::vector<MetaScheduleTask>> TasksOf(const Args& args) {
  auto input = TirSchedInputOf(args);
  if (!input) return input.error();
  const Value& mod = args.get("mod");
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  if (const auto* f = AsTensorIRFunc(mod)) dialect = f->dialect;
  if (const auto* m = AsTensorIRModule(mod)) dialect = m->dialect;
  std::vector<MetaScheduleTask> tasks;
  for (const auto& [name, func] : input->module) tasks.push_back({name, func, dialect});
  // TVM orders the tasks by name.
  std::sort(tasks.begin(), tasks.end(),
            [](const MetaScheduleTask& a, const MetaScheduleTask& b) { return a.name < b.name; });
  return tasks;
}

// The task as a TensorIR document of its own: the function printed, read back.
Result<ScriptProgram> TaskDocument(const MetaScheduleTask& task, const SourceLoc& loc) {
  std::string printed = tir::AsTVMScript(task.func, task.dialect);
  if (printed.rfind("# ", 0) == 0) printed = printed.substr(2);  // TVM comments its import
  const std::string text = "import tvm\n" + printed;
  auto program = EvaluateScript(text, "<meta_schedule task " + task.name + ">");
  if (!program)
    return Error("the function '" + task.name +
                     "' does not read back from its TVMScript: " + program.error().format(),
                 loc);
  program->source = text;
  return program;
}

// An attribute of a script object (`sch.trace`, `sch.mod`).
Result<Value> AttributeOf(Interpreter& interp, const Value& v, const std::string& name,
                          const SourceLoc& loc) {
  if (!v.is_object())
    return Error("'" + v.type_name() + "' object has no attribute '" + name + "'", loc);
  return v.object()->GetAttr(interp, name, loc);
}

// Tessera's records of MetaSchedule tasks in a work directory.
struct MsRecords {
  MetaScheduleStatePtr state;
  std::string work_dir;
  std::string path() const { return (std::filesystem::path(work_dir) / kRecordsFile).string(); }
};

// ms.database.JSONDatabase, and what tune_tir returns.
struct MsDatabaseObject : Object {
  MsRecords records;
  std::string type_name() const override { return "JSONDatabase"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// meta_schedule.TuningRecord: the trace (on a schedule of the function) and its time.
struct MsTuningRecordObject : Object {
  Value schedule;  // the Schedule the trace was applied to
  double median_s = 0;
  std::string target;
  std::string type_name() const override { return "TuningRecord"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "trace") return AttributeOf(interp, schedule, "trace", loc);
    if (name == "run_secs") return Value::List({Value::Float(median_s)});
    if (name == "target") return Value::String(target);
    return Object::GetAttr(interp, name, loc);
  }
};

// The best record of a one-function `mod` in `db` on this machine, or nullopt (said why
// where it helps: a module of several functions is several tasks).
Result<std::optional<tune::TuningRecord>> BestRecord(const MsRecords& db, const Args& args,
                                                     const std::string& target,
                                                     MetaScheduleTask* task) {
  const SourceLoc loc = args.call().loc;
  auto tasks = TasksOf(args);
  if (!tasks) return tasks.error();
  if (tasks->size() != 1) {
    ScriptTuningMessage(loc.file + ":" + std::to_string(loc.line) + ": " + args.function() +
                        ": a module of " + std::to_string(tasks->size()) +
                        " functions is as many tasks, each with its own records: query one "
                        "function (mod[\"name\"])");
    return std::optional<tune::TuningRecord>();
  }
  *task = tasks->front();
  const std::string kind = TuningTargetKind(target);
  std::error_code ec;
  if (!std::filesystem::exists(db.path(), ec)) return std::optional<tune::TuningRecord>();
  auto opened = OpenTuningLog(db.path(), true, loc);
  if (!opened) return opened.error();
  auto document = TaskDocument(*task, loc);
  if (!document) return document.error();
  tune::RecordQuery query{tune::TirWorkloadKey(*document, {}), kind,
                          runner::ReadMachineSignature().Key()};
  auto best = (*opened)->Best(query);
  if (!best) return Error(best.error().message, loc);
  return std::move(best.value());
}

// A Schedule of the task's function with the record's trace applied, made as the script
// would make it (so that it is the program's schedule).
Result<Value> ScheduleWithRecord(Interpreter& interp, const MetaScheduleState& state,
                                 const MetaScheduleTask& task, const tune::TuningRecord& record,
                                 const Value& mod, const SourceLoc& loc) {
  auto ctor = interp.Resolve(state.schedule_ctor, loc);
  if (!ctor) return ctor.error();
  if (!*ctor) return Error(state.schedule_ctor + " is not available", loc);
  CallArgs call;
  call.loc = loc;
  call.positional = {mod};
  call.positional_locs = {loc};
  auto sch = interp.CallValue(**ctor, call);
  if (!sch) return sch.error();
  auto def = tune::TirTunedTraceDef(record.script);
  if (!def) return Error(def.error().message, loc);
  if (def->empty()) return sch;  // the bare schedule was best
  auto module =
      ParseModule(*def + "\n\n\napply_trace(sch)\n", "<the tuned trace of " + task.name + ">");
  if (!module)
    return Error(
        "the tuned trace of '" + task.name + "' does not parse: " + module.error().format(), loc);
  std::unique_ptr<Interpreter> child = ChildInterpreter(
      interp, {{"T", "tvm.script.tir"}, {"tir", "tvm.tir"}, {"s_tir", "tvm.s_tir"}}, loc);
  child->SetGlobal("sch", *sch);
  if (Status st = child->Run(*module); !st)
    return Error(
        "the tuned trace of '" + task.name + "' does not replay on it: " + st.error().format(),
        loc);
  return sch;
}

// query_schedule / query_ir_module / query_tuning_record / compile_tir.
enum class QueryKind { Schedule, IRModule, Record, Exists };

Result<Value> Query(Interpreter& interp, const MsRecords& db, const CallArgs& c,
                    const std::string& function, QueryKind kind) {
  Args args(c, function, {"mod", "target", "workload_name"}, kind == QueryKind::Exists ? 1 : 2);
  if (!args.status()) return args.status().error();
  std::string target = "llvm";
  if (args.has("target")) {
    auto text = TuningTargetText(args.get("target"));
    if (!text) return args.TypeError("target", "a target (\"llvm\", tvm.target.Target(...))");
    target = *text;
  }
  MetaScheduleTask task;
  auto best = BestRecord(db, args, target, &task);
  if (!best) return best.error();
  if (kind == QueryKind::Exists) return Value::Bool(best->has_value());
  if (!*best) return Value();
  auto sch = ScheduleWithRecord(interp, *db.state, task, **best, args.get("mod"), c.loc);
  if (!sch) return sch.error();
  if (kind == QueryKind::Schedule) return sch;
  if (kind == QueryKind::IRModule) return AttributeOf(interp, *sch, "mod", c.loc);
  auto record = std::make_shared<MsTuningRecordObject>();
  record->schedule = *sch;
  record->median_s = (*best)->median_ms / 1000.0;
  record->target = target;
  return Value::FromObject(record);
}

Result<Value> MsDatabaseObject::GetAttr(Interpreter& interp, const std::string& name,
                                        const SourceLoc& loc) const {
  auto method = [&](QueryKind kind) {
    return MakeFunction(name, [db = records, name, kind](Interpreter& in, const CallArgs& c) {
      return Query(in, db, c, name, kind);
    });
  };
  if (name == "query_schedule") return method(QueryKind::Schedule);
  if (name == "query_ir_module") return method(QueryKind::IRModule);
  if (name == "query_tuning_record") return method(QueryKind::Record);
  if (name == "has_workload") return method(QueryKind::Exists);
  if (name == "work_dir") return Value::String(records.work_dir);
  return Object::GetAttr(interp, name, loc);
}

Value MakeDatabase(const MetaScheduleStatePtr& state, const std::string& work_dir) {
  auto db = std::make_shared<MsDatabaseObject>();
  db->records = {state, work_dir};
  return Value::FromObject(db);
}

// A string option of tune_tir must be one TVM names (None: its default).
Status CheckChoice(const Args& args, const std::string& param,
                   const std::vector<std::string>& choices) {
  const Value& v = args.get(param);
  if (v.is_none()) return Status::Ok();
  std::string list;
  for (const std::string& c : choices) list += (list.empty() ? "\"" : ", \"") + c + "\"";
  if (!v.is_string() || std::find(choices.begin(), choices.end(), v.as_string()) == choices.end())
    return args.ErrorAt(param, "ValueError: " + param + " must be " + list +
                                   " in Tessera (its tuner's own builder, runner and design " +
                                   "space measure the candidates)");
  return Status::Ok();
}

// A trial count of tune_tir: at least 1; `fallback` when the argument is absent or None
// (nullopt: it must be given).
Result<int64_t> TrialCount(const Args& args, const std::string& param,
                           std::optional<int64_t> fallback) {
  if (fallback && args.get(param).is_none()) return *fallback;
  auto n = args.Int(param);
  if (!n) return n.error();
  if (*n < 1) return args.ErrorAt(param, "ValueError: at least 1 trial is needed");
  return n;
}

Result<Value> TuneTir(Interpreter& interp, const MetaScheduleStatePtr& state, const CallArgs& c) {
  Args args(c, "tune_tir",
            {"mod", "target", "work_dir", "max_trials_global", "max_trials_per_task",
             "num_trials_per_iter", "builder", "runner", "database", "cost_model",
             "measure_callbacks", "task_scheduler", "space", "strategy", "num_tuning_cores", "seed",
             "module_equality", "special_space", "post_optimization"},
            4);
  if (!args.status()) return args.status().error();
  auto tasks = TasksOf(args);
  if (!tasks) return tasks.error();
  auto target = TuningTargetText(args.get("target"));
  if (!target) return args.TypeError("target", "a target (\"llvm\", tvm.target.Target(...))");
  auto work_dir = args.String("work_dir");
  if (!work_dir) return work_dir.error();
  auto global = TrialCount(args, "max_trials_global", std::nullopt);
  if (!global) return global.error();
  auto per_task = TrialCount(args, "max_trials_per_task", *global);
  if (!per_task) return per_task.error();
  auto per_iter = TrialCount(args, "num_trials_per_iter", 64);
  if (!per_iter) return per_iter.error();
  for (const auto& [param, choices] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"builder", {"local"}},
           {"runner", {"local"}},
           {"cost_model", {"xgb", "mlp", "random", "none"}},
           {"measure_callbacks", {"default"}},
           {"task_scheduler", {"gradient", "round-robin"}},
           {"space", {"post-order-apply"}},
           {"strategy", {"evolutionary", "replay-trace", "replay-func"}},
           {"module_equality", {"structural", "ignore-ndarray", "anchor-block"}}})
    if (Status st = CheckChoice(args, param, choices); !st) return st.error();
  if (!args.get("special_space").is_none())
    return args.ErrorAt("special_space",
                        "ValueError: special_space is not supported in Tessera (each "
                        "task is searched in Tessera's own design space)");
  if (args.has("post_optimization")) {
    auto post = args.Bool("post_optimization");
    if (!post) return post.error();
    if (*post)
      return args.ErrorAt("post_optimization",
                          "ValueError: post_optimization is not supported in Tessera");
  }
  // The database: the one given (an earlier JSONDatabase) or the work directory's.
  std::string dir = *work_dir;
  const Value& given_db = args.get("database");
  if (const auto* d = given_db.as<MsDatabaseObject>())
    dir = d->records.work_dir;
  else if (Status st = CheckChoice(args, "database", {"json"}); !st)
    return st.error();
  const std::string strategy = args.get("strategy").is_string() ? args.get("strategy").as_string()
                                                                : std::string("evolutionary");
  uint64_t seed = 1;
  if (!args.get("seed").is_none()) {
    auto s = args.Int("seed");
    if (!s) return s.error();
    seed = static_cast<uint64_t>(*s);
  }
  Value database = MakeDatabase(state, dir);
  const bool skipped = ScriptTuningSkipped(*state->host, state->run_here);
  if (!skipped) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
      return args.ErrorAt("work_dir",
                          "cannot create the work directory '" + dir + "': " + ec.message());
  }
  // TVM's task scheduler shares max_trials_global among the tasks; here each task gets
  // an equal share of what is left, at most max_trials_per_task.
  int64_t left = *global;
  for (size_t i = 0; i < tasks->size(); ++i) {
    const MetaScheduleTask& task = (*tasks)[i];
    const int64_t share = (left + static_cast<int64_t>(tasks->size() - i) - 1) /
                          static_cast<int64_t>(tasks->size() - i);
    const int trials = static_cast<int>(std::min(*per_task, share));
    left -= trials;
    auto document = TaskDocument(task, args.loc("mod"));
    if (!document) return document.error();
    ScriptTuneRequest request;
    request.what = "meta_schedule task '" + task.name + "'";
    request.strategy = strategy == "evolutionary" ? "evolution" : "random";
    request.trials = trials;
    request.batch_size = static_cast<int>(std::min<int64_t>(*per_iter, trials));
    request.target = *target;
    request.log_path = (std::filesystem::path(dir) / kRecordsFile).string();
    request.seed = seed + i;
    request.allowed = state->host->run_tuning;
    request.run_here = state->run_here;
    const ScriptProgram& program = *document;
    auto measured = RunScriptTuning(
        request, c.loc,
        [&program](runner::Runner& runner, tune::Database* db,
                   const runner::MachineSignature& machine, const tune::TuneOptions& options,
                   const tune::TuneCallbacks& callbacks) -> Result<ScriptTuneOutcome> {
          auto result = tune::TuneTensorIR(program, runner, db, machine, options, callbacks);
          if (!result) return result.error();
          return ScriptTuneOutcome{result->measured, result->failed, result->elapsed_s,
                                   result->best};
        });
    if (!measured) return measured.error();
  }
  return database;
}

Result<Value> CompileTir(Interpreter& interp, const CallArgs& c) {
  Args args(c, "compile_tir", {"database", "mod", "target"}, 3);
  if (!args.status()) return args.status().error();
  const auto* db = args.get("database").as<MsDatabaseObject>();
  if (!db) return args.TypeError("database", "the database tune_tir returned");
  // compile_tir is query_schedule(mod, target, workload_name="main").
  CallArgs query;
  query.loc = c.loc;
  query.positional = {args.get("mod"), args.get("target")};
  query.positional_locs = {args.loc("mod"), args.loc("target")};
  return Query(interp, db->records, query, "compile_tir", QueryKind::Schedule);
}

Result<Value> JsonDatabase(const MetaScheduleStatePtr& state, const CallArgs& c) {
  Args args(c, "JSONDatabase",
            {"path_workload", "path_tuning_record", "work_dir", "allow_missing", "module_equality"},
            0);
  if (!args.status()) return args.status().error();
  std::string dir;
  if (!args.get("work_dir").is_none()) {
    auto w = args.String("work_dir");
    if (!w) return w.error();
    dir = *w;
  } else if (!args.get("path_tuning_record").is_none()) {
    auto p = args.String("path_tuning_record");
    if (!p) return p.error();
    dir = std::filesystem::path(*p).parent_path().string();
  } else {
    return Error(
        "JSONDatabase(): name the work directory (work_dir=...): Tessera keeps MetaSchedule's "
        "records in its records database there (" +
            std::string(kRecordsFile) + ")",
        c.loc);
  }
  if (dir.empty()) dir = ".";
  if (args.has("allow_missing")) {
    auto allow = args.Bool("allow_missing");
    if (!allow) return allow.error();
    std::error_code ec;
    if (!*allow && !std::filesystem::exists(std::filesystem::path(dir) / kRecordsFile, ec))
      return Error("JSONDatabase(): there are no records in '" + dir + "' (" + kRecordsFile +
                       " is missing) and allow_missing is False",
                   c.loc);
  }
  return MakeDatabase(state, dir);
}

void RegisterUnder(Interpreter& interp, const MetaScheduleStatePtr& state) {
  const std::string& p = state->prefix;
  auto tune = [state](Interpreter& in, const CallArgs& c) { return TuneTir(in, state, c); };
  auto compile = [](Interpreter& in, const CallArgs& c) { return CompileTir(in, c); };
  auto json = [state](Interpreter&, const CallArgs& c) { return JsonDatabase(state, c); };
  interp.RegisterFunction(p + ".tir_integration.tune_tir", tune);
  interp.RegisterFunction(p + ".tune_tir", tune);
  interp.RegisterFunction(p + ".tir_integration.compile_tir", compile);
  interp.RegisterFunction(p + ".database.JSONDatabase", json);
  interp.RegisterFunction(p + ".database.json_database.JSONDatabase", json);
}

}  // namespace

void RegisterMetaSchedule(Interpreter& interp, const EvaluationHost& host, bool run_here) {
  RegisterUnder(interp, std::make_shared<MetaScheduleState>(MetaScheduleState{
                            &host, run_here, "tvm.meta_schedule", "tvm.tir.Schedule"}));
  RegisterUnder(interp, std::make_shared<MetaScheduleState>(MetaScheduleState{
                            &host, run_here, "tvm.s_tir.meta_schedule", "tvm.s_tir.Schedule"}));
}

}  // namespace tessera::tuning_api
