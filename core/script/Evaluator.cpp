#include "script/Evaluator.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>

#include "script/EvaluationModules.h"
#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/lang/Parser.h"
#include "script/tvm/Packages.h"
#include "script/tvm/autotvm/TuneConfig.h"
#include "script/tvm/driver/LowerArgs.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/tir/TirObjects.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "te/Scan.h"

namespace tessera::script {

namespace {

// Names bound by assignments, in order, with the phase they were bound in.
struct Binding {
  std::string name;
  Value value;
  bool in_workload;
};

std::string SourceText(std::string_view source, const AstStmt& s) {
  std::string text(source.substr(s.begin, s.end - s.begin));
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') {
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

// The comment after a statement on its own line (`x = 1  # why` -> "# why"), or "".
std::string TrailingComment(std::string_view source, size_t end) {
  size_t i = end;
  while (i < source.size() && (source[i] == ' ' || source[i] == '\t')) ++i;
  if (i >= source.size() || source[i] != '#') return "";
  size_t eol = source.find_first_of("\r\n", i);
  std::string comment(
      source.substr(i, eol == std::string_view::npos ? std::string_view::npos : eol - i));
  while (!comment.empty() && (comment.back() == ' ' || comment.back() == '\t')) comment.pop_back();
  return comment;
}

// The whole-line comments between two statements (from the line after `from` to
// `to`), each "\n"-terminated and without indentation.
std::string CommentLines(std::string_view source, size_t from, size_t to) {
  size_t eol = source.find_first_of("\r\n", from);
  if (eol == std::string_view::npos || eol >= to) return "";
  std::istringstream in{std::string(source.substr(eol, to - eol))};
  std::string line, out;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] != '#') continue;
    line = line.substr(first);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
    out += line + "\n";
  }
  return out;
}

bool IsPlainConstant(const Value& v) {
  return v.is_none() || v.is_bool() || v.is_int() || v.is_float() || v.is_string();
}

// The comment lines at the top of the file (an example's description).
std::string HeaderComment(std::string_view source) {
  std::istringstream in{std::string(source)};
  std::string line, out;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("#", 0) != 0) break;
    out += line + "\n";
  }
  return out;
}

class ScriptEvaluation {
 public:
  ScriptEvaluation(std::string_view source, std::string file, TuneConfigState* config = nullptr)
      : source_(source), file_(std::move(file)), config_(config ? config : &own_config_) {}

  Result<ScriptProgram> Run() {
    auto module = ParseModule(source_, file_);
    if (!module) return module.error();
    Interpreter interp(TvmPrelude());
    BindEvaluationRecord(interp, state_);
    interp.SetGlobal("__name__", Value::String("__main__"));  // `if __name__ == "__main__":` runs
    RegisterTuneConfig(interp, *config_);
    RegisterModules(interp);
    interp.SetIdentity(Identity);
    interp.SetAttributeHook(
        [this](const Value& object, const std::string& name, const Value& result) {
          RecordAxisOrigins(object, name, result);
        });
    interp.SetCallHook([this](const Value&, const CallArgs& args) -> Status {
      for (size_t i = 0; i < args.positional.size(); ++i)
        if (auto st = CheckAxisOrigin(args.positional[i], args.positional_locs[i]); !st) return st;
      for (size_t i = 0; i < args.keywords.size(); ++i)
        if (auto st = CheckAxisOrigin(args.keywords[i].second, args.keyword_locs[i]); !st)
          return st;
      return Status::Ok();
    });
    interp.SetAssignHook([this](const std::string& name, const Value& value) {
      bindings_.push_back({name, value, state_.schedules_created == 0});
      if (state_.schedules_created > 0) NameNewIterVar(name, value);
    });
    program_.file = file_;
    program_.header_comment = HeaderComment(source_);
    const std::vector<AstStmt>& body = module->body;
    bool structured = false;
    size_t schedule_stmt = body.size();  // the statement that created the schedule
    for (size_t i = 0; i < body.size(); ++i) {
      const AstStmt& stmt = body[i];
      bool in_workload = state_.schedules_created == 0;
      if (!IsFlat(stmt, !in_workload)) structured = true;
      size_t entries_before = TraceSize();
      size_t bindings_before = bindings_.size();
      bool lower_before = state_.has_lower_call;
      if (auto st = interp.Exec(stmt); !st) {
        Error e = st.error();
        if (e.loc.line <= 0) e.loc = stmt.loc;
        return e;
      }
      // Comment lines above the statement (those above the first are the header).
      std::string comments = i == 0 ? "" : CommentLines(source_, body[i - 1].end, stmt.begin);
      std::string trailing = TrailingComment(source_, stmt.end);
      if (stmt.kind == StmtKind::Import) {
        program_.imports += SourceText(source_, stmt) + "\n";
      } else if (in_workload && state_.schedules_created == 0) {
        program_.workload +=
            comments + SourceText(source_, stmt) + (trailing.empty() ? "" : "  " + trailing) + "\n";
      } else if (in_workload) {
        schedule_stmt = i;
        program_.workload += comments;  // the comments above create_schedule
        if (!trailing.empty()) program_.schedule_text[0] += trailing + "\n";
        workload_globals_ = interp.globals();  // the create_schedule statement
        NameWorkloadIterVars();
      } else {
        KeepScheduleText(stmt, comments, trailing, entries_before, bindings_before,
                         lower_before != state_.has_lower_call);
      }
    }
    // Comment lines after the last statement.
    if (!body.empty()) {
      std::string comments = CommentLines(source_, body.back().end, source_.size());
      if (state_.schedule)
        program_.schedule_text[static_cast<int>(TraceSize())] += comments;
      else
        program_.workload += comments;
    }
    // What follows the last primitive stays last when an editor appends primitives.
    if (auto tail = program_.schedule_text.find(static_cast<int>(TraceSize()));
        tail != program_.schedule_text.end()) {
      std::string text = std::move(tail->second);
      program_.schedule_text.erase(tail);
      if (!text.empty()) program_.schedule_text[ScriptProgram::kAfterLastEntry] = std::move(text);
    }
    if (state_.schedules_created == 0) workload_globals_ = interp.globals();
    const Value* te = GetIn(workload_globals_, "te");
    const Value* tvm_te = interp.Lookup("tvm.te");
    program_.te_imported = te && tvm_te && te->object() == tvm_te->object();
    const Value* tvm = GetIn(interp.globals(), "tvm");
    const Value* tvm_module = interp.Lookup("tvm");
    program_.tvm_imported = tvm && tvm_module && tvm->object() == tvm_module->object();
    // A script with tunable knobs is kept as its source (the knobs round-trip); its
    // trace holds the chosen values (TuneConfig.h).
    program_.uses_tune_config = config_->used;
    if (config_->used) structured = true;
    if (structured) {
      program_.structured = true;
      program_.source = NormalizedLines(source_);
      if (schedule_stmt + 1 < body.size())
        program_.schedule_source = NormalizedLines(source_.substr(body[schedule_stmt + 1].begin));
      if (state_.schedule)
        for (const schedule::TraceEntry& entry : state_.schedule->trace.entries)
          program_.source_trace.push_back(schedule::to_string(entry));
      // Names the printer adds after the source must not rebind any of the script's.
      for (const auto& [name, value] : interp.globals()) kept_names_.push_back(name);
      NameFinalOutputs(interp.globals());
    }
    program_.schedule = state_.schedule;
    program_.lower_args = state_.lower_args;
    program_.has_lower_call = state_.has_lower_call;
    program_.lower_scalars = state_.lower_scalars;
    program_.lower_line = state_.lower_line;
    program_.build_args = state_.build_args;
    program_.build_scalars = state_.build_scalars;
    program_.tir_dialect = state_.tir.dialect;
    program_.tir_schedule_line = state_.tir.line;
    program_.tir_schedule_last =
        state_.tir.schedule && state_.tir.te_schedules_before == state_.schedules_created;
    RecordTensorIRModule();
    if (!state_.has_lower_call && !state_.build_args.empty())
      program_.lower_line = state_.build_line;
    CollectTensors();
    CollectNames();
    return std::move(program_);
  }

 private:
  std::string_view source_;
  std::string file_;
  TuneConfigState own_config_;
  TuneConfigState* config_;
  EvaluationRecord state_;
  std::vector<Binding> bindings_;
  std::map<std::string, Value> workload_globals_;
  ScriptProgram program_;
  std::vector<std::string> kept_names_;  // bound by kept schedule statements

  EvaluationHost host_;

  // The function a schedule's document shows: the one it works on (work_on), else the
  // one its last get_block looked in, else its first.
  static std::string DocumentFunction(const tir::Schedule& sch, const std::string& work_on) {
    if (!work_on.empty()) return work_on;
    const auto& insts = sch.trace().insts;
    for (auto it = insts.rbegin(); it != insts.rend(); ++it)
      if (it->kind == tir::InstKind::GetBlock) return it->func_name;
    return sch.module().front().first;
  }

  // The module of the TensorIR document (ScriptProgram::tir_module): the schedule's
  // functions as scheduled, or the last TensorIR function or module the script bound
  // when it made no schedule.
  void RecordTensorIRModule() {
    if (const auto& sch = state_.tir.schedule) {
      program_.tir_module = sch->module();
      program_.tir_module_te_args = state_.tir.module_te_args;
      program_.tir_module_last = program_.tir_schedule_last;
      program_.tir_schedule = sch;
      (void)SelectTensorIRFunction(&program_, DocumentFunction(*sch, state_.tir.func_name));
      return;
    }
    if (state_.schedules_created > 0) return;
    for (auto it = bindings_.rbegin(); it != bindings_.rend(); ++it) {
      if (const TensorIRModule* m = AsTensorIRModule(it->value)) {
        program_.tir_module = m->functions;
        program_.tir_module_te_args = m->te_args;
        program_.tir_dialect = m->dialect;
      } else if (const TensorIRFunc* f = AsTensorIRFunc(it->value)) {
        // tir.Schedule(f) wraps f as IRModule({"main": f}), as TVM does.
        program_.tir_module = {{"main", f->func}};
        program_.tir_module_te_args["main"] = f->te_args;
        program_.tir_dialect = f->dialect;
      } else {
        continue;
      }
      program_.tir_module_last = !program_.tir_module.empty();
      if (program_.tir_module.size() == 1) (void)SelectTensorIRFunction(&program_, "");
      return;
    }
  }

  // The modules the process added (EvaluationModules.h): a schedule they adopt becomes
  // the program's, as if the script created it.
  void RegisterModules(Interpreter& interp) {
    host_.source = std::string(source_);
    host_.file = file_;
    host_.config = config_;
    host_.run_tuning = config_ == &own_config_;  // not in EvaluateTunableScript
    host_.imports = [this] { return program_.imports; };
    host_.adopt = [this](SchedulePtr sch, std::vector<te::Tensor>) {
      state_.schedule = std::move(sch);
      ++state_.schedules_created;
    };
    for (const EvaluationModule& module : EvaluationModules()) module(interp, host_);
  }

  size_t TraceSize() const { return state_.schedule ? state_.schedule->trace.entries.size() : 0; }

  // Where an IterVar value came from: `<op>.axis[index]` / `<op>.reduce_axis[index]`.
  struct AxisOrigin {
    ObjectPtr value;  // keeps the object (and so its address) alive
    te::Operation op;
    std::string list;
    size_t index;
  };
  std::map<const Object*, AxisOrigin> axis_origins_;

  static const void* Identity(const Value& v) {
    if (auto* t = v.as<TensorObject>())
      return t->tensor->value_index == 0 ? static_cast<const void*>(t->tensor.op().get())
                                         : static_cast<const void*>(t->tensor.get());
    if (auto* o = v.as<OperationObject>()) return o->op.get();
    if (auto* iv = v.as<IterVarObject>()) return iv->iter_var.get();
    if (auto* st = v.as<StageObject>()) return st->stage.get();
    if (auto* sc = v.as<ScheduleObject>()) return sc->sch.get();
    return TirIdentity(v);
  }

  void RecordAxisOrigins(const Value& object, const std::string& name, const Value& result) {
    auto* op = object.as<OperationObject>();
    if (!op || (name != "axis" && name != "reduce_axis") || !result.is_sequence()) return;
    for (size_t k = 0; k < result.items().size(); ++k) {
      const Value& item = result.items()[k];
      if (item.is_object()) axis_origins_[item.object().get()] = {item.object(), op->op, name, k};
    }
  }

  bool Rfactored(const std::string& stage) const {
    for (const schedule::TraceEntry& e : state_.schedule->trace.entries)
      if (e.primitive == "rfactor" && e.stage.name == stage) return true;
    return false;
  }

  // TVM resolves `T.op.axis` to the axes of T's original operation. After s.rfactor(T,
  // k) the stage computes a new operation with new axes, so TVM refuses the original
  // ones as loops of s[T] ("Cannot find the axis ... in parent's leaf_iter_vars").
  // Tessera's rfactor keeps the IterVars, so it would accept them: refuse them here,
  // where the script names them, to mean what the script means in TVM.
  // `depth` bounds the walk: a list may hold itself (`l.append(l)`), and axes are never
  // nested more than a few lists deep.
  Status CheckAxisOrigin(const Value& v, const SourceLoc& loc, int depth = 0) const {
    if (v.is_sequence()) {
      if (depth > 8) return Status::Ok();
      for (const Value& item : v.items())
        if (auto st = CheckAxisOrigin(item, loc, depth + 1); !st) return st;
      return Status::Ok();
    }
    if (!v.is_object() || !state_.schedule) return Status::Ok();
    auto it = axis_origins_.find(v.object().get());
    if (it == axis_origins_.end()) return Status::Ok();
    const AxisOrigin& o = it->second;
    schedule::Stage st = state_.schedule->find(o.op);
    if (!st || st->op == o.op || !Rfactored(st->name())) return Status::Ok();
    std::string name = o.op->name;
    std::string ref = "." + o.list + "[" + std::to_string(o.index) + "]";
    return Error(name + ".op" + ref + " is an axis of " + name +
                     "'s original operation, which "
                     "s.rfactor(" +
                     name +
                     ", ...) replaced: TVM refuses it (\"Cannot find the "
                     "axis in parent's leaf_iter_vars\"); use s[" +
                     name + "].op" + ref,
                 loc);
  }

  // Whether the flat printer can reproduce the statement (imports, assignments to names,
  // expression statements; among the schedule statements, no comprehension or
  // conditional expression either).
  static bool IsFlat(const AstStmt& stmt, bool schedule_part) {
    if (stmt.kind == StmtKind::Import) return true;
    if (stmt.kind == StmtKind::Assign && (stmt.target_exprs.size() != 1 || stmt.targets.empty()))
      return false;
    if (stmt.kind != StmtKind::Assign && stmt.kind != StmtKind::Expr) return false;
    return !schedule_part || !UsesStructure(*stmt.value);
  }

  static bool UsesStructure(const AstExpr& e) {
    if (e.kind == AstKind::ListComp || e.kind == AstKind::DictComp || e.kind == AstKind::SetComp ||
        e.kind == AstKind::IfExp || e.kind == AstKind::Dict || e.kind == AstKind::Set)
      return true;
    for (const AstPtr* child : {&e.object, &e.left, &e.right})
      if (*child && UsesStructure(**child)) return true;
    for (const AstPtr& item : e.items)
      if (UsesStructure(*item)) return true;
    for (const AstKeyword& k : e.keywords)
      if (UsesStructure(*k.value)) return true;
    return false;
  }

  static std::string NormalizedLines(std::string_view text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\r') {
        out += '\n';
        if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      } else {
        out += text[i];
      }
    }
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out;
  }

  // A statement after create_schedule. Its comments go before the first trace entry it
  // made; one that made none is kept when it only binds plain constants (`factor = 8`:
  // the printer writes the values into the primitives, the assignment stays as the user
  // wrote it), and otherwise only its comments stay. The tvm.lower statement is printed
  // by the printer itself.
  void KeepScheduleText(const AstStmt& stmt, const std::string& comments,
                        const std::string& trailing, size_t entries_before, size_t bindings_before,
                        bool lower_call) {
    int at = static_cast<int>(entries_before);
    std::string& text = program_.schedule_text[at];
    text += comments;
    size_t entries_after = TraceSize();
    if (entries_after > entries_before) {
      if (!trailing.empty())
        program_.entry_comments[static_cast<int>(entries_after) - 1] = trailing;
    } else if (!lower_call && stmt.kind == StmtKind::Assign &&
               KeepsOnlyConstants(bindings_before)) {
      text += SourceText(source_, stmt) + (trailing.empty() ? "" : "  " + trailing) + "\n";
      for (size_t b = bindings_before; b < bindings_.size(); ++b)
        kept_names_.push_back(bindings_[b].name);
    } else if (!trailing.empty()) {
      text += trailing + "\n";
    }
    if (text.empty()) program_.schedule_text.erase(at);
  }

  bool KeepsOnlyConstants(size_t bindings_before) const {
    if (bindings_before == bindings_.size()) return false;
    for (size_t b = bindings_before; b < bindings_.size(); ++b)
      if (!IsPlainConstant(bindings_[b].value)) return false;
    return true;
  }

  static const Value* GetIn(const std::map<std::string, Value>& m, const std::string& name) {
    auto it = m.find(name);
    return it == m.end() ? nullptr : &it->second;
  }

  // Whether the workload's final binding of `name` is still `object`.
  bool StillBound(const std::string& name, const ObjectPtr& object) const {
    const Value* v = GetIn(workload_globals_, name);
    return v && v->is_object() && v->object() == object;
  }

  void CollectTensors() {
    std::set<const void*> seen;
    for (const Binding& b : bindings_) {
      te::Tensor t = AsTensor(b.value);
      if (t.defined() && seen.insert(t.get()).second) program_.tensors.push_back(t);
    }
  }

  void CollectNames() {
    ScriptNames& names = program_.names;
    for (const auto& [name, value] : workload_globals_) {
      names.workload_names.push_back(name);
      const ir::VarNode* var = value.is_expr() ? value.as_expr().as<ir::VarNode>() : nullptr;
      // A name equal to the var's own wins over an alias bound to it.
      if (var && (!names.scalar_vars.count(var->name) || name == var->name))
        names.scalar_vars[var->name] = name;
    }
    // Printed names must not rebind what kept statements (`factor = 8`) bind either.
    for (const std::string& name : kept_names_) names.workload_names.push_back(name);
    for (const Binding& b : bindings_) {
      if (b.value.as<ScheduleObject>() && b.value.as<ScheduleObject>()->sch == state_.schedule)
        names.schedule_var = b.name;
    }
    if (!state_.schedule) return;
    for (const Binding& b : bindings_)
      if (te::Tensor t = AsTensor(b.value); t.defined()) NameTensor(b, t);
    NameCreatedStages();
  }

  // IterVars the workload named (reduce axes: `k`), by the stage that owns them when the
  // schedule is created (later primitives such as rfactor may move them).
  void NameWorkloadIterVars() {
    if (!state_.schedule) return;
    for (const Binding& b : bindings_) {
      ir::IterVar iv = AsIterVar(b.value);
      if (!iv || !StillBound(b.name, b.value.object())) continue;
      for (const schedule::Stage& st : state_.schedule->stages)
        if (st->owns(iv))
          program_.names.workload_iter_vars.emplace(st->name() + "/" + iv->var.name(), b.name);
    }
  }

  // Which trace entry output each module-level IterVar name holds at the end.
  void NameFinalOutputs(const std::map<std::string, Value>& globals) {
    if (!state_.schedule) return;
    const schedule::Schedule& sch = *state_.schedule;
    const auto& entries = sch.trace.entries;
    for (const auto& [name, value] : globals) {
      ir::IterVar iv = AsIterVar(value);
      if (!iv) continue;
      bool found = false;
      for (size_t e = entries.size(); e-- > 0 && !found;) {
        schedule::Stage owner = sch.find(entries[e].stage.name);
        if (!owner || !owner->owns(iv)) continue;
        for (size_t k = 0; k < entries[e].outputs.size() && !found; ++k)
          if (entries[e].outputs[k] == iv->var.name()) {
            program_.names.final_outputs[{static_cast<int>(e), static_cast<int>(k)}] = name;
            found = true;
          }
      }
    }
  }

  // An IterVar bound right after the primitive that made it (`io, ii = s[B].split(...)`)
  // names that output of the most recent trace entry that produced it.
  void NameNewIterVar(const std::string& name, const Value& value) {
    // A group bound by `g = s.create_group(...)` names that entry's output.
    if (auto* st = value.as<StageObject>();
        st && st->stage->is_group() && st->stage->group_entry >= 0) {
      program_.names.entry_outputs.emplace(std::make_pair(st->stage->group_entry, 0), name);
      return;
    }
    ir::IterVar iv = AsIterVar(value);
    if (!iv || !state_.schedule) return;
    const schedule::Schedule& sch = *state_.schedule;
    const auto& entries = sch.trace.entries;
    for (size_t e = entries.size(); e-- > 0;) {
      schedule::Stage owner = sch.find(entries[e].stage.name);
      if (!owner || !owner->owns(iv)) continue;
      for (size_t k = 0; k < entries[e].outputs.size(); ++k)
        if (entries[e].outputs[k] == iv->var.name()) {
          program_.names.entry_outputs.emplace(
              std::make_pair(static_cast<int>(e), static_cast<int>(k)), name);
          return;
        }
    }
  }

  void NameTensor(const Binding& b, const te::Tensor& t) {
    ScriptNames& names = program_.names;
    if (b.in_workload) {
      if (StillBound(b.name, b.value.object())) names.tensor_vars.emplace(t->op->name, b.name);
      return;
    }
    // A tensor created by a schedule statement (cache_read, cache_write, rfactor).
    if (schedule::Stage st = state_.schedule->find(t.op()))
      names.tensor_vars.emplace(st->name(), b.name);
  }

  // cache_read / cache_write / rfactor outputs are stages: named by the tensor variable.
  void NameCreatedStages() {
    const auto& entries = state_.schedule->trace.entries;
    for (size_t e = 0; e < entries.size(); ++e) {
      const std::string& p = entries[e].primitive;
      if (p != "cache_read" && p != "cache_write" && p != "rfactor") continue;
      for (size_t k = 0; k < entries[e].outputs.size(); ++k) {
        auto it = program_.names.tensor_vars.find(entries[e].outputs[k]);
        if (it != program_.names.tensor_vars.end())
          program_.names.entry_outputs[{static_cast<int>(e), static_cast<int>(k)}] = it->second;
      }
    }
  }
};

}  // namespace

transform::ScalarParams ScriptProgram::ScalarParameters() const {
  transform::ScalarParams out;
  if (has_lower_call && !lower_args.empty())
    out.listed = lower_scalars;
  else if (!build_args.empty())
    out.listed = build_scalars;
  else if (schedule)
    out.unlisted = VarsTheComputationReads(*schedule);
  return out;
}

Error ScriptProgram::LocateLoweringError(Error e) const {
  if (e.loc.line <= 0 && lower_line > 0 && e.message.find(" is not bound: ") != std::string::npos)
    e.loc = SourceLoc{file, lower_line, 1};
  return e;
}

std::vector<te::Tensor> ScriptProgram::Arguments() const {
  if (has_lower_call && !lower_args.empty()) return lower_args;
  if (!build_args.empty()) return build_args;
  std::vector<te::Tensor> args;
  if (!schedule) return args;
  std::set<const void*> seen;
  // Placeholders in the order a depth-first walk from the outputs meets them.
  std::function<void(const te::Operation&)> visit = [&](const te::Operation& op) {
    if (!seen.insert(op.get()).second) return;
    if (op->kind() == te::OpKind::Placeholder) {
      args.push_back(te::output_of(op, 0));
      return;
    }
    // A scan's state placeholders are its own outputs at earlier times, not arguments.
    if (auto* scan = dynamic_cast<const te::ScanOpNode*>(op.get()))
      for (const te::Tensor& state : scan->state_placeholder) seen.insert(state.op().get());
    for (const te::Tensor& t : op->InputTensors()) visit(t.op());
  };
  for (const te::Operation& op : schedule->outputs) visit(op);
  for (const te::Operation& op : schedule->outputs)
    for (int i = 0; i < op->num_outputs(); ++i) args.push_back(te::output_of(op, i));
  return args;
}

Result<ScriptProgram> EvaluateScript(std::string_view source, const std::string& file) {
  return ScriptEvaluation(source, file).Run();
}

std::string TensorIRFunctionNames(const ScriptProgram& program) {
  std::string names;
  for (const auto& [name, f] : program.tir_module) names += (names.empty() ? "" : ", ") + name;
  return names;
}

Status SelectTensorIRFunction(ScriptProgram* program, const std::string& name) {
  const auto& module = program->tir_module;
  if (name.empty()) {
    if (program->tir_schedule) return Status::Ok();
    if (module.size() > 1)
      return Error("the module has several functions (" + TensorIRFunctionNames(*program) +
                   "); choose one");
    if (module.empty()) return Error("the script defines no TensorIR function");
  }
  if (module.empty()) return Error("the script defines no TensorIR module to choose from");
  const std::pair<std::string, tir::PrimFunc>* chosen = nullptr;
  for (const auto& entry : module)
    if (name.empty() || entry.first == name) chosen = &entry;
  // A lone PrimFunc is the module's "main"; its own name chooses it too.
  if (!chosen && module.size() == 1 && module[0].second.name == name) chosen = &module[0];
  if (!chosen)
    return Error("the module has no function named '" + name + "' (it has " +
                 TensorIRFunctionNames(*program) + ")");
  // The schedule holds every function: the chosen one is shown with its own schedule,
  // checked against what it was given as.
  if (program->tir_schedule && program->tir_schedule->func_name() == chosen->first) {
    // already shown
  } else if (program->tir_schedule) {
    auto shown = std::make_shared<tir::Schedule>(*program->tir_schedule);
    if (Status s = shown->WorkOn(chosen->first); !s.ok()) return s;
    program->tir_schedule = std::move(shown);
  } else {
    program->tir_schedule = std::make_shared<tir::Schedule>(module, chosen->first);
  }
  program->tir_original = program->tir_schedule->original_func();
  program->tir_func_name = chosen->first;
  auto te_args = program->tir_module_te_args.find(chosen->first);
  program->tir_te_args =
      te_args == program->tir_module_te_args.end() ? std::vector<te::Tensor>{} : te_args->second;
  program->tir_schedule_last = program->tir_module_last;
  return Status::Ok();
}

Result<TunableScript> EvaluateTunableScript(std::string_view source, const std::string& file,
                                            const KnobValues& values, int simd_lanes) {
  TuneConfigState config;
  config.values = values;
  config.simd_lanes = simd_lanes;
  auto program = ScriptEvaluation(source, file, &config).Run();
  if (!program) return program.error();
  for (const auto& [name, value] : values) {
    bool defined = false;
    for (const ScriptKnob& k : config.knobs) defined = defined || k.name == name;
    if (!defined) return Error("tune: the script defines no knob named '" + name + "'");
  }
  return TunableScript{std::move(program.value()), std::move(config.knobs)};
}

}  // namespace tessera::script
