#include "tuning_api/AutotvmObjects.h"

#include <algorithm>
#include <map>
#include <memory>

#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/autotvm/TuneConfig.h"
#include "script/tvm/runtime/RuntimeObjects.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "tuning_api/AutotvmTuning.h"

namespace tessera::tuning_api {

using namespace script;

namespace {

// The template's result: the schedule and its arguments, as a TVM template returns them.
constexpr const char* kAutotvmTemplateTail = "tvm.lower(_tessera_result[0], _tessera_result[1])\n";

struct AutotvmHistory;

// What the autotvm built-ins of one evaluation share.
struct AutotvmState {
  const EvaluationHost* host = nullptr;
  bool run_here = true;                    // TuningApiOptions::run_tuning
  std::map<std::string, Value> templates;  // name -> the decorated function
  std::vector<std::shared_ptr<const AutotvmHistory>>
      history;  // apply_history_best scopes, innermost last
};
using AutotvmStatePtr = std::shared_ptr<AutotvmState>;

// TVM's ConfigSpace: one line per knob, its policy and size.
struct ConfigSpaceObject : PrintableTuningObject {
  std::vector<ScriptKnob> knobs;
  std::string type_name() const override { return "ConfigSpace"; }
  static int64_t KnobLength(const ScriptKnob& k) {
    return k.kind == ScriptKnob::Kind::Split ? static_cast<int64_t>(SplitValues(k).size())
                                             : static_cast<int64_t>(k.choices.size());
  }
  int64_t Length() const {
    int64_t n = 1;
    for (const ScriptKnob& k : knobs) n *= KnobLength(k);
    return n;
  }
  std::optional<int64_t> Len() const override { return Length(); }
  std::string Text() const override {
    std::string out = "ConfigSpace (len=" + std::to_string(Length()) +
                      ", range_length=" + std::to_string(Length()) + ", space_map=\n";
    for (size_t i = 0; i < knobs.size(); ++i) {
      const ScriptKnob& k = knobs[i];
      std::string index = std::to_string(i);
      if (index.size() < 2) index = " " + index;
      out += "  " + index + " " + k.name + ": ";
      if (k.kind == ScriptKnob::Kind::Split) {
        out += "Split(policy=" + k.policy + ", product=" + std::to_string(k.extent) +
               ", num_outputs=" + std::to_string(k.parts) + ")";
      } else if (k.kind == ScriptKnob::Kind::Reorder) {
        out += "Reorder(policy=" + k.policy + ")";
      } else {
        std::string list;
        for (size_t c = 0; c < k.choices.size(); ++c) list += (c ? ", " : "") + k.choices[c];
        out += "OtherOption([" + list + "])";
      }
      out += " len=" + std::to_string(KnobLength(k)) + "\n";
    }
    return out + ")";
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "range_length") return Value::Int(Length());
    return Object::GetAttr(interp, name, loc);
  }
};

// autotvm.task.create's task: the template cut out as a flat script with its arguments.
struct AutotvmTaskObject : PrintableTuningObject {
  std::string name;
  Value args;
  std::string target;
  std::shared_ptr<const ScriptProgram> workload;  // the flat template script, fallback config
  std::shared_ptr<const ConfigSpaceObject> space;
  bool run_tuning = true;  // EvaluationHost::run_tuning
  bool run_here = true;    // TuningApiOptions::run_tuning
  std::string type_name() const override { return "Task"; }
  std::string Text() const override {
    return "Task(func_name=" + name + ", args=" + repr(args) + ")";
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override {
    if (attr == "name") return Value::String(name);
    if (attr == "args") return args;
    if (attr == "target") return Value::String(target);
    if (attr == "config_space") return Value::FromObject(space);
    if (attr == "workload") {
      std::vector<Value> items = {Value::String(name)};
      if (args.is_sequence())
        for (const Value& v : args.items()) items.push_back(v);
      return Value::Tuple(std::move(items));
    }
    return Object::GetAttr(interp, attr, loc);
  }
};

// A builder, runner, measure_option or callback: keyword settings kept for tune().
struct AutotvmSettingObject : Object {
  std::string
      kind;  // "LocalBuilder", "LocalRunner", "MeasureOption", "log_to_file", "progress_bar"
  int repeat = 5;
  double timeout_s = 60;
  std::string path;  // log_to_file
  std::string type_name() const override { return kind; }
};

const AutotvmSettingObject* SettingOf(const Value& v, const std::string& kind) {
  auto* s = v.as<AutotvmSettingObject>();
  return s && s->kind == kind ? s : nullptr;
}

// apply_history_best(log): a context manager; a template called inside takes the log's best.
struct AutotvmHistory : PrintableTuningObject {
  std::string path;  // "" : None (no records: every template takes its fallback)
  std::shared_ptr<tune::Database> db;
  std::weak_ptr<AutotvmState> state;  // the evaluation's (it holds the scopes entered)
  std::weak_ptr<const AutotvmHistory> self;
  std::string type_name() const override { return "ApplyHistoryBest"; }
  std::string Text() const override {
    return "ApplyHistoryBest(" + (path.empty() ? "None" : path) + ")";
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// dispatch_context.query(target, workload): what a template would take in this context.
struct AutotvmQueryResult : PrintableTuningObject {
  std::string text;
  bool fallback = true;
  std::string type_name() const override {
    return fallback ? "FallbackConfigEntity" : "ConfigEntity";
  }
  std::string Text() const override { return text; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "is_fallback") return Value::Bool(fallback);
    return Object::GetAttr(interp, name, loc);
  }
};

// The flat script of template `fn` called with `call`'s arguments, evaluated with the
// fallback config.
Result<ScriptProgram> TemplateWorkload(const AutotvmState& state, const FunctionObject& fn,
                                       const CallArgs& call) {
  auto text = FlattenFunction(*state.host, fn, call, kAutotvmTemplateTail);
  if (!text) return text.error();
  auto program = EvaluateScript(*text, state.host->file);
  if (!program) return program.error();
  if (!program->schedule)
    return Error("the template '" + fn.def->name + "' creates no schedule (te.create_schedule)",
                 fn.def->loc);
  return program;
}

// The decorated template: a call takes the innermost apply_history_best's record.
struct TemplateObject : Object {
  std::string name;
  Value function;                          // the def
  std::weak_ptr<AutotvmState> weak_state;  // the evaluation's registry holds this template
  std::string type_name() const override { return "function"; }
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override {
    AutotvmStatePtr state = weak_state.lock();
    if (!state) return interp.CallValue(function, args);
    auto* fn = function.as<FunctionObject>();
    if (!state->history.empty() && state->history.back()->db && fn) {
      const AutotvmHistory& history = *state->history.back();
      auto workload = TemplateWorkload(*state, *fn, args);
      if (!workload) return workload.error();
      auto best = BestFromLog(*history.db, *workload, "llvm", args.loc);
      if (!best) return best.error();
      if (best->has_value()) {
        const TunedSchedule& tuned = **best;
        ScriptTuningMessage(args.loc.file + ":" + std::to_string(args.loc.line) +
                            ": apply_history_best: '" + name + "' takes the best record of " +
                            history.path + " (" + std::to_string(tuned.record.gflops) +
                            " GFLOP/s, " + std::to_string(tuned.record.median_ms) + " ms)");
        if (state->host->adopt) state->host->adopt(tuned.schedule, tuned.args);
        std::vector<Value> tensors;
        for (const te::Tensor& t : tuned.args) tensors.push_back(MakeTensorValue(t));
        return Value::Tuple({Value::FromObject(std::make_shared<ScheduleObject>(tuned.schedule)),
                             Value::List(std::move(tensors))});
      }
      ScriptTuningMessage(args.loc.file + ":" + std::to_string(args.loc.line) +
                          ": apply_history_best: no record of '" + name +
                          "' with these arguments for this machine in " + history.path +
                          ": the fallback configuration is used");
    }
    // The fallback (or, inside a template's own tuning, the tuner's) configuration.
    if (TuneConfigState* config = state->host->config) {
      config->knobs.clear();
      config->values.clear();
    }
    return interp.CallValue(function, args);
  }
};

Result<Value> AutotvmHistory::GetAttr(Interpreter& interp, const std::string& name,
                                      const SourceLoc& loc) const {
  std::shared_ptr<const AutotvmHistory> me = self.lock();
  if (name == "__enter__")
    return MakeFunction("__enter__", [me](Interpreter&, const CallArgs&) -> Result<Value> {
      if (auto state = me->state.lock()) state->history.push_back(me);
      return Value::FromObject(me);
    });
  if (name == "__exit__")
    return MakeFunction("__exit__", [me](Interpreter&, const CallArgs&) -> Result<Value> {
      if (auto state = me->state.lock()) {
        auto& h = state->history;
        if (!h.empty() && h.back() == me) h.pop_back();
      }
      return Value();
    });
  if (name == "query")
    return MakeFunction("query", [me](Interpreter&, const CallArgs& c) -> Result<Value> {
      Args args(c, "query", {"target", "workload"}, 2);
      if (!args.status()) return args.status().error();
      const Value& workload = args.get("workload");
      if (!workload.is_sequence() || workload.items().empty() || !workload.items()[0].is_string())
        return args.TypeError("workload", "a task's workload (task.workload)");
      const std::string template_name = workload.items()[0].as_string();
      AutotvmStatePtr state = me->state.lock();
      if (!state) return Error("the evaluation has ended", c.loc);
      auto found = state->templates.find(template_name);
      auto result = std::make_shared<AutotvmQueryResult>();
      result->text = "fallback configuration of '" + template_name + "' (no record" +
                     std::string(me->db ? " for this machine in " + me->path : ": no log") + ")";
      if (found == state->templates.end() || !me->db) return Value::FromObject(result);
      auto* tmpl = found->second.as<TemplateObject>();
      CallArgs call;
      call.loc = c.loc;
      for (size_t i = 1; i < workload.items().size(); ++i) {
        call.positional.push_back(workload.items()[i]);
        call.positional_locs.push_back(args.loc("workload"));
      }
      auto program = TemplateWorkload(*state, *tmpl->function.as<FunctionObject>(), call);
      if (!program) return program.error();
      auto best = BestFromLog(*me->db, *program, "llvm", c.loc);
      if (!best) return best.error();
      if (best->has_value()) {
        result->fallback = false;
        result->text = "best record of '" + template_name + "' in " + me->path + ": " +
                       std::to_string((*best)->record.gflops) + " GFLOP/s, " +
                       std::to_string((*best)->record.median_ms) + " ms\n" +
                       TunedScriptText((*best)->record);
      }
      return Value::FromObject(result);
    });
  return Object::GetAttr(interp, name, loc);
}

// tuner.tune(n_trial=..., measure_option=..., callbacks=[...]).
struct AutotvmTunerObject : Object {
  std::string kind;      // "XGBTuner", ...
  std::string strategy;  // "evolution", "random", "grid"
  std::shared_ptr<const AutotvmTaskObject> task;
  std::string type_name() const override { return kind; }
  Result<Value> Tune(const CallArgs& c) const {
    Args args(c, "tune", {"n_trial", "measure_option", "early_stopping", "callbacks", "si_prefix"},
              1);
    if (!args.status()) return args.status().error();
    auto n = args.Int("n_trial");
    if (!n) return n.error();
    if (*n < 0) return args.ErrorAt("n_trial", "n_trial must not be negative");
    ScriptTuneRequest request;
    request.what = "autotvm task '" + task->name + "'";
    request.strategy = strategy;
    // TVM's tuners stop when the space is exhausted too.
    request.trials =
        static_cast<int>(std::min<int64_t>(*n, std::min<int64_t>(task->space->Length(), 100000)));
    request.target = task->target;
    request.allowed = task->run_tuning;
    request.run_here = task->run_here;
    if (args.has("measure_option") && !args.get("measure_option").is_none()) {
      auto* m = SettingOf(args.get("measure_option"), "MeasureOption");
      if (!m) return args.TypeError("measure_option", "autotvm.measure_option(...)");
      request.repeat = m->repeat;
      request.timeout_s = m->timeout_s;
    }
    const Value& callbacks = args.get("callbacks");
    if (callbacks.is_sequence()) {
      for (const Value& cb : callbacks.items()) {
        if (SettingOf(cb, "progress_bar")) continue;  // progress lines go to stderr anyway
        auto* log = SettingOf(cb, "log_to_file");
        if (!log)
          return args.TypeError("callbacks",
                                "autotvm.callback.log_to_file(...) / progress_bar(...)");
        if (!request.log_path.empty() && request.log_path != log->path)
          return args.ErrorAt("callbacks", "Tessera writes one log per tune call");
        request.log_path = log->path;
      }
    } else if (!callbacks.is_none()) {
      return args.TypeError("callbacks", "a list of callbacks");
    }
    if (request.allowed) ScriptTuningMessage("tune (" + request.what + "): " + task->space->Text());
    auto measured = RunScriptTuning(*task->workload, request, c.loc);
    if (!measured) return measured.error();
    return Value();
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    auto me = std::make_shared<const AutotvmTunerObject>(*this);
    if (name == "tune")
      return MakeFunction("tune", [me](Interpreter&, const CallArgs& c) { return me->Tune(c); });
    if (name == "task") return Value::FromObject(task);
    return Object::GetAttr(interp, name, loc);
  }
};

Result<Value> CreateTask(const AutotvmStatePtr& state, const CallArgs& c) {
  Args args(c, "create", {"task_name", "args", "target", "target_host"}, 1);
  if (!args.status()) return args.status().error();
  auto name = args.String("task_name");
  if (!name) return name.error();
  auto found = state->templates.find(*name);
  if (found == state->templates.end())
    return args.ErrorAt("task_name", "no template named '" + *name +
                                         "' (register one with @autotvm.template(\"" + *name +
                                         "\") before creating its task)");
  auto* tmpl = found->second.as<TemplateObject>();
  auto* fn = tmpl ? tmpl->function.as<FunctionObject>() : nullptr;
  if (!fn) return args.ErrorAt("task_name", "the template '" + *name + "' is not a def");
  const Value& list = args.get("args");
  if (!list.is_sequence() && !list.is_none())
    return args.TypeError("args", "a tuple of the template's arguments");
  CallArgs call;
  call.loc = args.loc("args");
  if (list.is_sequence())
    for (const Value& v : list.items()) {
      call.positional.push_back(v);
      call.positional_locs.push_back(args.loc("args"));
    }
  auto text = FlattenFunction(*state->host, *fn, call, kAutotvmTemplateTail);
  if (!text) return text.error();
  auto evaluated = EvaluateTunableScript(*text, state->host->file, {});
  if (!evaluated) return evaluated.error();
  if (!evaluated->program.schedule)
    return args.ErrorAt("task_name",
                        "the template '" + *name + "' creates no schedule (te.create_schedule)");
  auto task = std::make_shared<AutotvmTaskObject>();
  task->name = *name;
  task->args = list.is_none() ? Value::Tuple({}) : list;
  task->run_tuning = state->host->run_tuning;
  task->run_here = state->run_here;
  task->target = TuningTargetText(args.get("target")).value_or("llvm");
  task->workload = std::make_shared<const ScriptProgram>(std::move(evaluated->program));
  auto space = std::make_shared<ConfigSpaceObject>();
  space->knobs = std::move(evaluated->knobs);
  task->space = space;
  return Value::FromObject(task);
}

Result<Value> MakeTuner(const std::string& kind, const std::string& strategy, const CallArgs& c) {
  // The TVM tuners' own settings (pop_size, loss_type, feature_type, plan_size, ...) steer
  // TVM's search, not Tessera's: accepted as keywords and not used.
  if (c.positional.empty()) return Error(kind + "() needs the task", c.loc);
  if (c.positional.size() > 1)
    return Error(kind + "() takes the task and keyword settings", c.positional_locs[1]);
  auto* task = c.positional[0].as<AutotvmTaskObject>();
  if (!task) return Error(kind + "() takes a task from autotvm.task.create", c.positional_locs[0]);
  auto tuner = std::make_shared<AutotvmTunerObject>();
  tuner->kind = kind;
  tuner->strategy = strategy;
  tuner->task = std::static_pointer_cast<const AutotvmTaskObject>(c.positional[0].object());
  return Value::FromObject(tuner);
}

// LocalRunner(number=4, repeat=3, min_repeat_ms=0, timeout=10, ...): number * repeat (at
// most 100) is the fewest timed calls per candidate; once a kernel was timed, the search
// raises it until a timing lasts TuneOptions::min_timed_ms (Tuner.h). min_repeat_ms and
// the cooldown are TVM's timer settings and are not used.
Result<Value> MakeLocalRunner(const CallArgs& c) {
  Args args(c, "LocalRunner",
            {"timeout", "n_parallel", "number", "repeat", "min_repeat_ms", "cooldown_interval",
             "enable_cpu_cache_flush", "module_loader"},
            0);
  if (!args.status()) return args.status().error();
  auto setting = std::make_shared<AutotvmSettingObject>();
  setting->kind = "LocalRunner";
  int64_t number = 4, repeat = 3;
  if (args.has("number")) {
    auto n = args.Int("number");
    if (!n) return n.error();
    number = *n;
  }
  if (args.has("repeat")) {
    auto r = args.Int("repeat");
    if (!r) return r.error();
    repeat = *r;
  }
  if (number < 1 || repeat < 1)
    return Error("LocalRunner: number and repeat must be positive", c.loc);
  setting->repeat = static_cast<int>(std::min<int64_t>(number * repeat, 100));
  if (args.has("timeout")) {
    const Value& t = args.get("timeout");
    if (!t.is_number() || t.as_float() <= 0)
      return args.TypeError("timeout", "a positive number of seconds");
    setting->timeout_s = t.as_float();
  }
  return Value::FromObject(setting);
}

Result<Value> MakeMeasureOption(const CallArgs& c) {
  Args args(c, "measure_option", {"builder", "runner"}, 2);
  if (!args.status()) return args.status().error();
  const Value& builder = args.get("builder");
  if (!(builder.is_string() && builder.as_string() == "local") &&
      !SettingOf(builder, "LocalBuilder"))
    return args.TypeError("builder",
                          "\"local\" or autotvm.LocalBuilder() (Tessera builds on this machine)");
  const Value& runner = args.get("runner");
  auto option = std::make_shared<AutotvmSettingObject>();
  option->kind = "MeasureOption";
  if (auto* r = SettingOf(runner, "LocalRunner")) {
    option->repeat = r->repeat;
    option->timeout_s = r->timeout_s;
  } else if (runner.is_string() && runner.as_string() == "local") {
    option->repeat = 12;  // LocalRunner's defaults: number=4, repeat=3
    option->timeout_s = 10;
  } else {
    return args.TypeError(
        "runner",
        "\"local\" or autotvm.LocalRunner(...) (Tessera measures on this machine; "
        "RPC runners are not supported)");
  }
  return Value::FromObject(option);
}

// autotvm.record.pick_best(in_file, out_file): the best record of every workload (per
// target and machine) of one log copied into another.
Result<Value> PickBest(const CallArgs& c) {
  Args args(c, "pick_best", {"in_file", "out_file"}, 2);
  if (!args.status()) return args.status().error();
  auto in_path = args.String("in_file");
  if (!in_path) return in_path.error();
  auto out_path = args.String("out_file");
  if (!out_path) return out_path.error();
  auto in = OpenTuningLog(*in_path, true, args.loc("in_file"));
  if (!in) return in.error();
  auto lines = (*in)->ExportJsonLines();
  if (!lines) return Error(lines.error().message, c.loc);
  std::map<std::string, std::pair<double, std::string>> best;  // key -> (median, line)
  size_t start = 0;
  while (start < lines->size()) {
    size_t eol = lines->find('\n', start);
    if (eol == std::string::npos) eol = lines->size();
    std::string line = lines->substr(start, eol - start);
    start = eol + 1;
    if (line.empty()) continue;
    auto record = tune::RecordFromJson(line);
    if (!record || record->status != tune::kStatusOk || !(record->median_ms > 0)) continue;
    std::string key = record->workload + "|" + record->target + "|" + record->machine_key;
    auto it = best.find(key);
    if (it == best.end() || record->median_ms < it->second.first)
      best[key] = {record->median_ms, line};
  }
  std::string picked;
  for (const auto& [key, entry] : best) picked += entry.second + "\n";
  auto out = OpenTuningLog(*out_path, false, args.loc("out_file"));
  if (!out) return out.error();
  auto added = (*out)->ImportJsonLines(picked, *out_path);
  if (!added) return Error(added.error().message, c.loc);
  return Value();
}

Result<Value> MakeHistory(const AutotvmStatePtr& state, const CallArgs& c) {
  Args args(c, "apply_history_best", {"records"}, 1);
  if (!args.status()) return args.status().error();
  auto history = std::make_shared<AutotvmHistory>();
  history->state = state;
  history->self = history;
  const Value& records = args.get("records");
  if (!records.is_none()) {
    if (!records.is_string())
      return args.TypeError("records", "the path of a Tessera tuning log, or None");
    history->path = records.as_string();
    if (MissingLogOfSkippedTuning(*state->host, state->run_here, history->path,
                                  "templates use their fallback configuration",
                                  args.loc("records")))
      return Value::FromObject(history);
    auto db = OpenTuningLog(history->path, true, args.loc("records"));
    if (!db) return db.error();
    history->db = std::shared_ptr<tune::Database>(std::move(db.value()));
  }
  return Value::FromObject(history);
}

void RegisterTunerClasses(Interpreter& interp) {
  const std::pair<const char*, const char*> tuners[] = {{"XGBTuner", "evolution"},
                                                        {"GATuner", "evolution"},
                                                        {"RandomTuner", "random"},
                                                        {"GridSearchTuner", "grid"}};
  for (const auto& [kind, strategy] : tuners) {
    std::string k = kind, s = strategy;
    interp.RegisterFunction("tvm.autotvm.tuner." + k,
                            [k, s](Interpreter&, const CallArgs& c) { return MakeTuner(k, s, c); });
  }
}

void RegisterMeasureSettings(Interpreter& interp) {
  interp.RegisterFunction("tvm.autotvm.LocalRunner",
                          [](Interpreter&, const CallArgs& c) { return MakeLocalRunner(c); });
  interp.RegisterFunction(
      "tvm.autotvm.LocalBuilder", [](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "LocalBuilder",
                  {"timeout", "n_parallel", "build_kwargs", "build_func", "do_fork", "runtime"}, 0);
        if (!args.status()) return args.status().error();
        auto setting = std::make_shared<AutotvmSettingObject>();
        setting->kind = "LocalBuilder";
        return Value::FromObject(setting);
      });
  interp.RegisterFunction("tvm.autotvm.measure_option",
                          [](Interpreter&, const CallArgs& c) { return MakeMeasureOption(c); });
  interp.RegisterFunction("tvm.autotvm.callback.log_to_file",
                          [](Interpreter&, const CallArgs& c) -> Result<Value> {
                            Args args(c, "log_to_file", {"file_out", "protocol"}, 1);
                            if (!args.status()) return args.status().error();
                            auto path = args.String("file_out");
                            if (!path) return path.error();
                            auto setting = std::make_shared<AutotvmSettingObject>();
                            setting->kind = "log_to_file";
                            setting->path = *path;
                            return Value::FromObject(setting);
                          });
  interp.RegisterFunction("tvm.autotvm.callback.progress_bar",
                          [](Interpreter&, const CallArgs& c) -> Result<Value> {
                            Args args(c, "progress_bar", {"total", "prefix", "si_prefix"}, 1);
                            if (!args.status()) return args.status().error();
                            auto setting = std::make_shared<AutotvmSettingObject>();
                            setting->kind = "progress_bar";
                            return Value::FromObject(setting);
                          });
}

}  // namespace

void RegisterAutotvm(Interpreter& interp, const EvaluationHost& host, bool run_here) {
  auto state = std::make_shared<AutotvmState>();
  state->host = &host;
  state->run_here = run_here;
  interp.RegisterFunction(
      "tvm.autotvm.template", [state](Interpreter&, const CallArgs& c) -> Result<Value> {
        Args args(c, "template", {"task_name", "func"}, 1);
        if (!args.status()) return args.status().error();
        if (!args.get("task_name").is_string())
          return args.TypeError("task_name", "the template's name (@autotvm.template(\"name\"))");
        std::string name = args.get("task_name").as_string();
        auto decorate = [state, name](const Value& function,
                                      const SourceLoc& loc) -> Result<Value> {
          if (!function.as<FunctionObject>())
            return Error("@autotvm.template decorates a def", loc);
          auto tmpl = std::make_shared<TemplateObject>();
          tmpl->name = name;
          tmpl->function = function;
          tmpl->weak_state = state;
          Value v = Value::FromObject(tmpl);
          state->templates[name] = v;
          return v;
        };
        if (args.has("func")) return decorate(args.get("func"), args.loc("func"));
        return MakeFunction("template",
                            [decorate](Interpreter&, const CallArgs& d) -> Result<Value> {
                              if (d.positional.size() != 1)
                                return Error("@autotvm.template decorates one def", d.loc);
                              return decorate(d.positional[0], d.positional_locs[0]);
                            });
      });
  interp.RegisterFunction("tvm.autotvm.task.create", [state](Interpreter&, const CallArgs& c) {
    return CreateTask(state, c);
  });
  interp.RegisterFunction(
      "tvm.autotvm.apply_history_best",
      [state](Interpreter&, const CallArgs& c) { return MakeHistory(state, c); });
  interp.RegisterFunction("tvm.autotvm.record.pick_best",
                          [](Interpreter&, const CallArgs& c) { return PickBest(c); });
  RegisterTunerClasses(interp);
  RegisterMeasureSettings(interp);
}

}  // namespace tessera::tuning_api
