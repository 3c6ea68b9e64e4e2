#include "tuning_api/AutoSchedulerObjects.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <memory>
#include <set>

#include "ir/Printer.h"
#include "runtime/cuda/CudaDriver.h"
#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/runtime/RuntimeObjects.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "te/Operation.h"
#include "tuning_api/AutotvmTuning.h"

namespace tessera::tuning_api {

using namespace script;

namespace {

struct AutoSchedulerState {
  const EvaluationHost* host = nullptr;
  bool run_here = true;                    // TuningApiOptions::run_tuning
  std::map<std::string, Value> workloads;  // register_workload's name -> function
};
using AutoSchedulerStatePtr = std::shared_ptr<AutoSchedulerState>;

// The operations `tensors` compute, each after those it reads (TVM's ComputeDAG order).
std::vector<te::Operation> DagOrder(const std::vector<te::Tensor>& tensors) {
  std::vector<te::Operation> order;
  std::set<const void*> seen;
  std::function<void(const te::Operation&)> visit = [&](const te::Operation& op) {
    if (!seen.insert(op.get()).second) return;
    for (const te::Tensor& t : op->InputTensors()) visit(t->op);
    order.push_back(op);
  };
  for (const te::Tensor& t : tensors) visit(t->op);
  return order;
}

bool IsIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

// Tessera prints a tensor read as `A(i, k)`; TVM's ComputeDAG writes `A[i, k]`.
std::string BracketTensorReads(std::string text, const std::set<std::string>& tensor_names) {
  for (size_t at = 0; at < text.size(); ++at) {
    if (text[at] != '(' || at == 0 || !IsIdentifierChar(text[at - 1])) continue;
    size_t start = at;
    while (start > 0 && IsIdentifierChar(text[start - 1])) --start;
    if (!tensor_names.count(text.substr(start, at - start))) continue;
    int depth = 0;
    for (size_t close = at; close < text.size(); ++close) {
      if (text[close] == '(') ++depth;
      if (text[close] == ')' && --depth == 0) {
        text[at] = '[';
        text[close] = ']';
        break;
      }
    }
  }
  return text;
}

// TVM's ComputeDAG text: `A = PLACEHOLDER [1024, 1024]`, `C(i, j) += (A[i, k]*B[k, j])`,
// the operations in the order a walk from the outputs meets them.
std::string ComputeDagText(const std::vector<te::Tensor>& tensors,
                           const std::vector<size_t>& outputs) {
  std::vector<te::Tensor> roots;
  for (size_t i : outputs) roots.push_back(tensors[i]);
  roots.insert(roots.end(), tensors.begin(), tensors.end());
  std::vector<te::Operation> order = DagOrder(roots);
  std::set<std::string> names;
  for (const te::Operation& op : order) names.insert(op->name);
  std::string out;
  for (const te::Operation& op : order) {
    if (auto* p = dynamic_cast<const te::PlaceholderOpNode*>(op.get())) {
      std::string shape;
      for (size_t i = 0; i < p->shape.size(); ++i)
        shape += (i ? ", " : "") + ir::to_string(p->shape[i]);
      out += op->name + " = PLACEHOLDER [" + shape + "]\n";
      continue;
    }
    auto* c = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!c) {
      out += op->name + " = " + op->tag + "\n";
      continue;
    }
    std::string axes;
    for (size_t i = 0; i < c->axis.size(); ++i) axes += (i ? ", " : "") + c->axis[i]->var.name();
    for (size_t b = 0; b < c->body.size(); ++b) {
      std::string lhs =
          op->name + (c->body.size() > 1 ? ".v" + std::to_string(b) : "") + "(" + axes + ")";
      const ir::Expr& body = c->body[b];
      if (auto* r = body.as<ir::ReduceNode>()) {
        const std::string& combiner = r->combiner ? r->combiner->name : "";
        const std::string& src = ir::to_string(r->source[static_cast<size_t>(r->value_index)]);
        if (combiner == "sum")
          out += lhs + " += " + BracketTensorReads(src, names) + "\n";
        else if (combiner == "max" || combiner == "min")
          out += lhs + " " + combiner + "= " + BracketTensorReads(src, names) + "\n";
        else
          out += lhs + " = " + BracketTensorReads(ir::to_string(body), names) + "\n";
      } else {
        out += lhs + " = " + BracketTensorReads(ir::to_string(body), names) + "\n";
      }
    }
  }
  return out;
}

struct ComputeDagObject : PrintableTuningObject {
  std::vector<te::Tensor> tensors;
  std::vector<size_t> outputs;  // indices into `tensors`
  std::string type_name() const override { return "ComputeDAG"; }
  std::string Text() const override { return ComputeDagText(tensors, outputs); }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (name == "tensors") {
      std::vector<Value> items;
      for (const te::Tensor& t : tensors) items.push_back(MakeTensorValue(t));
      return Value::List(std::move(items));
    }
    return Object::GetAttr(interp, name, loc);
  }
};

// TuningOptions, RecordToFile, runners, cost models, policies: settings for task.tune.
struct AutoSchedulerSetting : Object {
  std::string kind;
  int trials = 0;
  int repeat = 3;
  double timeout_s = 10;
  std::string path;                      // RecordToFile / PreloadMeasuredStates
  std::string strategy = "evolution";    // SketchPolicy: its cost model's search
  Value runner;                          // TuningOptions / LocalRPCMeasureContext
  std::vector<std::string> logs;         // TuningOptions: RecordToFile paths
  const EvaluationHost* host = nullptr;  // the evaluation that made it
  bool run_here = true;                  // TuningApiOptions::run_tuning
  std::string type_name() const override { return kind; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (kind == "LocalRPCMeasureContext" && name == "runner") return runner;
    if ((kind == "XGBModel" || kind == "RandomModel") &&
        (name == "update_from_file" || name == "update"))
      return MakeFunction(
          name, [h = host, run_here = run_here](Interpreter&, const CallArgs& c) -> Result<Value> {
            // The search trains its model on what it measures and resumes from the log (the
            // records in it are not measured again); the file must still be a Tessera log.
            if (c.positional.size() == 1 && c.positional[0].is_string()) {
              if (h &&
                  MissingLogOfSkippedTuning(*h, run_here, c.positional[0].as_string(),
                                            "the cost model starts empty", c.positional_locs[0]))
                return Value();
              auto db = OpenTuningLog(c.positional[0].as_string(), true, c.positional_locs[0]);
              if (!db) return db.error();
            }
            return Value();
          });
    return Object::GetAttr(interp, name, loc);
  }
};

const AutoSchedulerSetting* AsSetting(const Value& v, const std::string& kind) {
  auto* s = v.as<AutoSchedulerSetting>();
  return s && s->kind == kind ? s : nullptr;
}

struct SearchTaskObject : PrintableTuningObject {
  std::string name;
  std::string target;
  Value args;
  std::vector<te::Tensor> tensors;                // the function's result in this script
  std::vector<size_t> outputs;                    // indices of its outputs in `tensors`
  std::shared_ptr<const ScriptProgram> workload;  // the flat workload with its bare schedule
  const EvaluationHost* host = nullptr;
  bool run_here = true;  // TuningApiOptions::run_tuning
  std::string type_name() const override { return "SearchTask"; }
  std::string Text() const override {
    return "SearchTask(" + name + ", " + repr(args) + ", target=" + target + ")";
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override;
  Result<Value> Tune(const CallArgs& c) const;
  Result<TunedSchedule> Best(const std::string& log, const SourceLoc& loc) const;
};

Result<Value> SearchTaskObject::Tune(const CallArgs& c) const {
  Args args(c, "tune",
            {"tuning_options", "search_policy", "adaptive_training", "per_task_early_stopping"}, 1);
  if (!args.status()) return args.status().error();
  auto* options = AsSetting(args.get("tuning_options"), "TuningOptions");
  if (!options) return args.TypeError("tuning_options", "auto_scheduler.TuningOptions(...)");
  ScriptTuneRequest request;
  request.what = "auto_scheduler task '" + name + "'";
  request.trials = options->trials;
  request.target = target;
  request.allowed = host->run_tuning;
  request.run_here = run_here;
  if (options->logs.size() > 1)
    return args.ErrorAt("tuning_options", "Tessera writes one log per tune call");
  if (!options->logs.empty()) request.log_path = options->logs[0];
  if (auto* r = options->runner.as<AutoSchedulerSetting>()) {
    request.repeat = r->repeat;
    request.timeout_s = r->timeout_s;
  }
  if (args.has("search_policy") && !args.get("search_policy").is_none()) {
    auto* policy = AsSetting(args.get("search_policy"), "SketchPolicy");
    if (!policy) return args.TypeError("search_policy", "auto_scheduler.SketchPolicy(...)");
    request.strategy = policy->strategy;
  }
  auto measured = RunScriptTuning(*workload, request, c.loc);
  if (!measured) return measured.error();
  return Value();
}

Result<TunedSchedule> SearchTaskObject::Best(const std::string& log, const SourceLoc& loc) const {
  if (workload->schedule &&
      MissingLogOfSkippedTuning(*host, run_here, log, "the workload's bare schedule is used", loc))
    return TunedSchedule{workload->schedule, workload->Arguments(), {}};
  auto db = OpenTuningLog(log, true, loc);
  std::string why;
  // A CUDA task's log comes from a GPU machine; say so where there is none.
  if (!db && target.rfind("cuda", 0) == 0 && !runtime::CudaAvailable(&why))
    return Error(db.error().message +
                     "; this task targets CUDA, whose tuning needs a GPU (none here: " + why +
                     "): tune it where there is one and bring its log here",
                 loc);
  if (!db) return db.error();
  auto best = BestFromLog(**db, *workload, target, loc);
  if (!best) return best.error();
  if (!best->has_value())
    return Error("the log '" + log + "' holds no measured schedule of '" + name +
                     "' with these arguments for this machine (tune the task first: task.tune)",
                 loc);
  return std::move(**best);
}

Result<Value> SearchTaskObject::GetAttr(Interpreter& interp, const std::string& attr,
                                        const SourceLoc& loc) const {
  auto me = std::make_shared<const SearchTaskObject>(*this);
  if (attr == "compute_dag") {
    auto dag = std::make_shared<ComputeDagObject>();
    dag->tensors = tensors;
    dag->outputs = outputs;
    return Value::FromObject(dag);
  }
  if (attr == "workload_key") return Value::String("[\"" + name + "\", " + repr(args).substr(1));
  if (attr == "target") return Value::String(target);
  if (attr == "desc") return Value::String(name);
  if (attr == "tune")
    return MakeFunction("tune", [me](Interpreter&, const CallArgs& c) { return me->Tune(c); });
  if (attr == "apply_best")
    return MakeFunction("apply_best", [me](Interpreter&, const CallArgs& c) -> Result<Value> {
      Args args(c, "apply_best", {"log_file", "include_compatible", "layout_rewrite_option"}, 1);
      if (!args.status()) return args.status().error();
      auto log = args.String("log_file");
      if (!log) return log.error();
      auto best = me->Best(*log, args.loc("log_file"));
      if (!best) return best.error();
      if (me->host->adopt) me->host->adopt(best->schedule, best->args);
      std::vector<Value> tensors;
      for (const te::Tensor& t : best->args) tensors.push_back(MakeTensorValue(t));
      return Value::Tuple({Value::FromObject(std::make_shared<ScheduleObject>(best->schedule)),
                           Value::List(std::move(tensors))});
    });
  if (attr == "print_best")
    return MakeFunction("print_best", [me](Interpreter&, const CallArgs& c) -> Result<Value> {
      Args args(c, "print_best", {"log_file", "print_mode"}, 1);
      if (!args.status()) return args.status().error();
      auto log = args.String("log_file");
      if (!log) return log.error();
      if (args.has("print_mode")) {
        auto mode = args.String("print_mode");
        if (!mode) return mode.error();
        if (*mode != "schedule")
          return args.ErrorAt(
              "print_mode",
              "Tessera prints the best schedule as a TE script (print_mode=\"schedule\"); "
              "for CUDA source run `tessera-cli export --format cuda` on it");
      }
      auto best = me->Best(*log, args.loc("log_file"));
      if (!best) return best.error();
      return Value::String(TunedScriptText(best->record));
    });
  return Object::GetAttr(interp, attr, loc);
}

// Indices (in `tensors`) of the outputs: computed tensors no other listed tensor reads.
std::vector<size_t> OutputIndices(const std::vector<te::Tensor>& tensors) {
  std::set<const void*> read;
  for (const te::Operation& op : DagOrder(tensors))
    for (const te::Tensor& t : op->InputTensors()) read.insert(t->op.get());
  std::vector<size_t> out;
  for (size_t i = 0; i < tensors.size(); ++i)
    if (!dynamic_cast<const te::PlaceholderOpNode*>(tensors[i]->op.get()) &&
        !read.count(tensors[i]->op.get()))
      out.push_back(i);
  return out;
}

Result<Value> MakeSearchTask(Interpreter& interp, const AutoSchedulerStatePtr& state,
                             const CallArgs& c) {
  Args args(c, "SearchTask",
            {"func", "args", "compute_dag", "workload_key", "target", "target_host",
             "hardware_params", "layout_rewrite_option", "task_inputs", "task_inputs_overwrite",
             "task_inputs_save_to_file", "desc"},
            0);
  if (!args.status()) return args.status().error();
  if (!args.has("func") || args.get("func").is_none())
    return Error(
        "SearchTask: Tessera makes a task from func= and args= (a registered workload function)",
        c.loc);
  Value func = args.get("func");
  if (func.is_string()) {
    auto found = state->workloads.find(func.as_string());
    if (found == state->workloads.end())
      return args.ErrorAt("func", "no workload registered as '" + func.as_string() + "'");
    func = found->second;
  }
  auto* fn = func.as<FunctionObject>();
  if (!fn) return args.TypeError("func", "a def registered with @auto_scheduler.register_workload");
  const Value& list = args.get("args");
  if (!list.is_sequence()) return args.TypeError("args", "a tuple of the workload's arguments");
  CallArgs call;
  call.loc = args.loc("args");
  for (const Value& v : list.items()) {
    call.positional.push_back(v);
    call.positional_locs.push_back(args.loc("args"));
  }
  // The function runs here as in TVM (its tensors are the task's ComputeDAG).
  auto result = interp.CallValue(func, call);
  if (!result) return result.error();
  std::vector<te::Tensor> tensors;
  if (result->is_sequence())
    for (const Value& v : result->items()) tensors.push_back(AsTensor(v));
  if (tensors.empty() ||
      std::any_of(tensors.begin(), tensors.end(), [](const te::Tensor& t) { return !t.defined(); }))
    return args.ErrorAt("func",
                        "a workload function returns a list of its tensors (inputs and outputs)");
  std::vector<size_t> outputs = OutputIndices(tensors);
  if (outputs.empty()) return args.ErrorAt("func", "the workload returns no computed tensor");
  std::string ops;
  for (size_t i = 0; i < outputs.size(); ++i)
    ops += (i ? ", " : "") + std::string("_tessera_result[") + std::to_string(outputs[i]) + "].op";
  std::string tail = "s = tvm.te.create_schedule([" + ops + "])\ntvm.lower(s, _tessera_result)\n";
  auto text = FlattenFunction(*state->host, *fn, call, tail);
  if (!text) return text.error();
  auto program = EvaluateScript(*text, state->host->file);
  if (!program) return program.error();
  auto task = std::make_shared<SearchTaskObject>();
  task->name = fn->def->name;
  task->target = "llvm";
  if (args.has("target")) {
    if (auto text = TuningTargetText(args.get("target")))
      task->target = *text;
    else
      return args.TypeError("target", "a target (\"llvm\", tvm.target.Target(...))");
  }
  task->args = list;
  task->tensors = std::move(tensors);
  task->outputs = outputs;
  task->workload = std::make_shared<const ScriptProgram>(std::move(program.value()));
  task->host = state->host;
  task->run_here = state->run_here;
  return Value::FromObject(task);
}

Result<Value> MakeTuningOptions(const CallArgs& c) {
  Args args(c, "TuningOptions",
            {"num_measure_trials", "early_stopping", "num_measures_per_round", "verbose", "builder",
             "runner", "measure_callbacks"},
            0);
  if (!args.status()) return args.status().error();
  auto options = std::make_shared<AutoSchedulerSetting>();
  options->kind = "TuningOptions";
  if (args.has("num_measure_trials")) {
    auto n = args.Int("num_measure_trials");
    if (!n) return n.error();
    if (*n < 0)
      return args.ErrorAt("num_measure_trials", "num_measure_trials must not be negative");
    options->trials = static_cast<int>(std::min<int64_t>(*n, 100000));
  }
  const Value& runner = args.get("runner");
  if (!runner.is_none() && !(runner.is_string() && runner.as_string() == "local")) {
    if (!AsSetting(runner, "LocalRunner") && !AsSetting(runner, "RPCRunner"))
      return args.TypeError(
          "runner", "\"local\", auto_scheduler.LocalRunner(...) or a measure context's runner");
    options->runner = runner;
  }
  const Value& callbacks = args.get("measure_callbacks");
  if (callbacks.is_sequence()) {
    for (const Value& cb : callbacks.items()) {
      auto* record = AsSetting(cb, "RecordToFile");
      if (!record)
        return args.TypeError("measure_callbacks", "a list of auto_scheduler.RecordToFile(...)");
      options->logs.push_back(record->path);
    }
  } else if (!callbacks.is_none()) {
    return args.TypeError("measure_callbacks", "a list of callbacks");
  }
  return Value::FromObject(options);
}

// LocalRunner / LocalRPCMeasureContext(number=3, repeat=1, timeout=10, min_repeat_ms=...):
// number * repeat (at most 100) is the fewest timed calls per candidate; once a kernel was
// timed, the search raises it until a timing lasts TuneOptions::min_timed_ms (Tuner.h).
Result<Value> MakeRunnerSetting(const std::string& kind, const CallArgs& c) {
  Args args(c, kind,
            {"priority", "n_parallel", "timeout", "number", "repeat", "min_repeat_ms",
             "cooldown_interval", "enable_cpu_cache_flush", "device"},
            0);
  if (!args.status()) return args.status().error();
  auto runner = std::make_shared<AutoSchedulerSetting>();
  runner->kind = kind == "LocalRunner" ? "LocalRunner" : "RPCRunner";
  int64_t number = 3, repeat = 1;
  for (auto [param, into] : {std::pair{"number", &number}, std::pair{"repeat", &repeat}}) {
    if (!args.has(param)) continue;
    auto v = args.Int(param);
    if (!v) return v.error();
    if (*v < 1) return args.ErrorAt(param, std::string(param) + " must be positive");
    *into = *v;
  }
  runner->repeat = static_cast<int>(std::min<int64_t>(number * repeat, 100));
  if (args.has("timeout")) {
    const Value& t = args.get("timeout");
    if (!t.is_number() || t.as_float() <= 0)
      return args.TypeError("timeout", "a positive number of seconds");
    runner->timeout_s = t.as_float();
  }
  if (kind == "LocalRunner") return Value::FromObject(runner);
  auto context = std::make_shared<AutoSchedulerSetting>();
  context->kind = "LocalRPCMeasureContext";
  context->runner = Value::FromObject(runner);
  return Value::FromObject(context);
}

Result<Value> MakeSimpleSetting(const std::string& kind, const CallArgs& c,
                                const EvaluationHost* host, bool run_here) {
  auto setting = std::make_shared<AutoSchedulerSetting>();
  setting->kind = kind;
  setting->host = host;
  setting->run_here = run_here;
  if (kind == "RecordToFile" || kind == "PreloadMeasuredStates") {
    Args args(c, kind, {"filename"}, 0);
    if (!args.status()) return args.status().error();
    setting->path = args.has("filename")
                        ? args.get("filename").is_string() ? args.get("filename").as_string() : ""
                        : "auto_scheduler_tuning.json";
    if (setting->path.empty()) return args.TypeError("filename", "a file name");
  } else if (kind == "SketchPolicy") {
    Args args(c, kind,
              {"task", "program_cost_model", "params", "seed", "verbose", "init_search_callbacks"},
              1);
    if (!args.status()) return args.status().error();
    if (!args.get("task").as<SearchTaskObject>()) return args.TypeError("task", "a SearchTask");
    const Value& model = args.get("program_cost_model");
    setting->strategy =
        AsSetting(model, "XGBModel") ? "evolution" : "random";  // TVM's default: RandomModel
    if (!model.is_none() && !AsSetting(model, "XGBModel") && !AsSetting(model, "RandomModel"))
      return args.TypeError("program_cost_model", "auto_scheduler.XGBModel() or RandomModel()");
  }
  return Value::FromObject(setting);
}

}  // namespace

void RegisterAutoScheduler(Interpreter& interp, const EvaluationHost& host, bool run_here) {
  auto state = std::make_shared<AutoSchedulerState>();
  state->host = &host;
  state->run_here = run_here;
  interp.RegisterFunction("tvm.auto_scheduler.register_workload",
                          [state](Interpreter&, const CallArgs& c) -> Result<Value> {
                            Args args(c, "register_workload", {"func_name", "f", "override"}, 1);
                            if (!args.status()) return args.status().error();
                            auto add = [state](const std::string& name, const Value& f,
                                               const SourceLoc& loc) -> Result<Value> {
                              if (!f.as<FunctionObject>())
                                return Error("register_workload registers a def", loc);
                              state->workloads[name] = f;
                              return f;
                            };
                            const Value& first = args.get("func_name");
                            if (auto* fn = first.as<FunctionObject>())
                              return add(fn->def->name, first, args.loc("func_name"));
                            if (!first.is_string())
                              return args.TypeError("func_name", "a def or the workload's name");
                            std::string name = first.as_string();
                            if (args.has("f")) return add(name, args.get("f"), args.loc("f"));
                            return MakeFunction(
                                "register_workload",
                                [add, name](Interpreter&, const CallArgs& d) -> Result<Value> {
                                  if (d.positional.size() != 1)
                                    return Error("register_workload decorates one def", d.loc);
                                  return add(name, d.positional[0], d.positional_locs[0]);
                                });
                          });
  interp.RegisterFunction(
      "tvm.auto_scheduler.SearchTask",
      [state](Interpreter& in, const CallArgs& c) { return MakeSearchTask(in, state, c); });
  interp.RegisterFunction("tvm.auto_scheduler.TuningOptions",
                          [](Interpreter&, const CallArgs& c) { return MakeTuningOptions(c); });
  for (const char* kind : {"LocalRunner", "LocalRPCMeasureContext"}) {
    std::string k = kind;
    interp.RegisterFunction("tvm.auto_scheduler." + k, [k](Interpreter&, const CallArgs& c) {
      return MakeRunnerSetting(k, c);
    });
  }
  for (const char* kind : {"RecordToFile", "PreloadMeasuredStates", "XGBModel", "RandomModel",
                           "SketchPolicy", "LocalBuilder"}) {
    std::string k = kind;
    interp.RegisterFunction("tvm.auto_scheduler." + k,
                            [k, h = &host, run_here](Interpreter&, const CallArgs& c) {
                              return MakeSimpleSetting(k, c, h, run_here);
                            });
  }
}

}  // namespace tessera::tuning_api
