#include "script/export/ScriptPrinter.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "ir/Functor.h"
#include "script/export/PythonExpr.h"
#include "script/export/PythonLiteral.h"
#include "script/lang/Lexer.h"
#include "script/tvm/autotvm/TuneConfig.h"

namespace tessera::script {

namespace {

using schedule::IterVarRef;
using schedule::StageRef;
using schedule::TraceEntry;

class TracePrinter {
 public:
  TracePrinter(const ScriptNames& names, std::string te_prefix, bool tvm,
               std::set<std::string> padded_stages = {})
      : names_(names), te_(std::move(te_prefix)), tvm_(tvm), padded_(std::move(padded_stages)) {
    used_.insert(names.workload_names.begin(), names.workload_names.end());
    used_.insert({"tvm", "te", names.schedule_var});
  }

  std::vector<std::string> Print(const schedule::Trace& trace) {
    std::vector<std::string> lines;
    for (size_t e = 0; e < trace.entries.size(); ++e)
      lines.push_back(Line(static_cast<int>(e), trace.entries[e]));
    return lines;
  }

  // The lines of entries `first`.. only: the earlier entries were made by the script's
  // own code, whose outputs are reached through `known` (ScriptNames::final_outputs)
  // and whose created stages through the script's tensor names.
  std::vector<std::string> PrintFrom(const schedule::Trace& trace, size_t first,
                                     const std::map<std::pair<int, int>, std::string>& known) {
    for (size_t e = 0; e < first && e < trace.entries.size(); ++e) {
      const TraceEntry& entry = trace.entries[e];
      const std::string& p = entry.primitive;
      if (p == "cache_write" || p == "rfactor") replaced_ops_.insert(entry.stage.name);
      if ((p == "cache_read" || p == "cache_write" || p == "rfactor") && !entry.outputs.empty())
        if (auto it = names_.tensor_vars.find(entry.outputs[0]); it != names_.tensor_vars.end())
          created_stages_[entry.outputs[0]] = it->second;
    }
    for (const auto& [key, name] : known) outputs_[key] = name;
    std::vector<std::string> lines;
    for (size_t e = first; e < trace.entries.size(); ++e)
      lines.push_back(Line(static_cast<int>(e), trace.entries[e]));
    return lines;
  }

 private:
  const ScriptNames& names_;
  std::string te_;
  bool tvm_;                      // print for TVM: Tessera's extensions become comments
  std::set<std::string> padded_;  // stages whose layout pads (TVM's TE cannot)
  std::set<std::string> used_;
  std::map<std::pair<int, int>, std::string> outputs_;  // printed output names
  std::map<std::string, std::string> created_stages_;   // stage name -> printed var
  // Stages whose op cache_write or rfactor replaced: their axes are reached through the
  // stage (`s[B].op.axis`), since TVM's `B.op` is still the original operation (after
  // rfactor its axes are not the stage's loops at all).
  std::set<std::string> replaced_ops_;

  // A fresh name: the script's own when it gave one, else one derived from `fallback`.
  std::string Fresh(int entry, int index, const std::string& fallback) {
    auto given = names_.entry_outputs.find({entry, index});
    std::string base =
        given != names_.entry_outputs.end() ? given->second : PythonIdentifier(fallback);
    std::string name = base;
    for (int n = 1; used_.count(name); ++n) name = base + "_" + std::to_string(n);
    used_.insert(name);
    outputs_[{entry, index}] = name;
    return name;
  }

  std::string TensorVar(const std::string& stage) const {
    if (auto it = created_stages_.find(stage); it != created_stages_.end()) return it->second;
    if (auto it = names_.tensor_vars.find(stage); it != names_.tensor_vars.end()) return it->second;
    return PythonIdentifier(stage);
  }
  std::string StageExpr(const std::string& stage) const {
    return names_.schedule_var + "[" + TensorVar(stage) + "]";
  }
  std::string Stage(const StageRef& ref) const {
    // A group (create_group) is the variable its create_group line assigned.
    if (ref.entry >= 0 && ref.name.rfind("group#", 0) == 0)
      if (auto it = outputs_.find({ref.entry, 0}); it != outputs_.end()) return it->second;
    return StageExpr(ref.name);
  }

  std::string Var(const IterVarRef& ref) const {
    if (ref.origin == IterVarRef::Origin::EntryOutput) {
      auto it = outputs_.find({ref.entry, ref.index});
      return it != outputs_.end() ? it->second : PythonIdentifier(ref.name);
    }
    if (auto it = names_.workload_iter_vars.find(ref.stage + "/" + ref.name);
        it != names_.workload_iter_vars.end())
      return it->second;
    std::string op = replaced_ops_.count(ref.stage) ? StageExpr(ref.stage) + ".op"
                                                    : TensorVar(ref.stage) + ".op";
    const char* list = ref.origin == IterVarRef::Origin::Axis ? ".axis[" : ".reduce_axis[";
    return op + list + std::to_string(ref.index) + "]";
  }

  std::string VarList(const std::vector<IterVarRef>& refs) const {
    std::string out;
    for (size_t i = 0; i < refs.size(); ++i) out += (i ? ", " : "") + Var(refs[i]);
    return out;
  }

  int64_t Int(const TraceEntry& e, const std::string& key, int64_t fallback = 0) const {
    auto it = e.ints.find(key);
    return it == e.ints.end() ? fallback : it->second;
  }
  std::string Str(const TraceEntry& e, const std::string& key) const {
    auto it = e.strings.find(key);
    return it == e.strings.end() ? "" : "\"" + it->second + "\"";
  }
  std::string Outputs(int entry, const TraceEntry& e) {
    std::string out;
    for (size_t k = 0; k < e.outputs.size(); ++k)
      out += (k ? ", " : "") + Fresh(entry, static_cast<int>(k), e.outputs[k]);
    return out;
  }
  const IterVarRef& FirstVar(const TraceEntry& e) const {
    static const IterVarRef kNone;
    return e.iter_vars.empty() ? kNone : e.iter_vars[0];
  }

  std::string Line(int entry, const TraceEntry& e) {
    const std::string& p = e.primitive;
    std::string stage = Stage(e.stage);
    if (p == "split") {
      bool nparts = e.ints.count("nparts") != 0;
      std::string arg = nparts ? "nparts=" + std::to_string(Int(e, "nparts"))
                               : "factor=" + std::to_string(Int(e, "factor"));
      if (e.ints.count("disable_predication") && Int(e, "disable_predication"))
        arg += ", disable_predication=True";
      std::string parent = Var(FirstVar(e));
      return Outputs(entry, e) + " = " + stage + ".split(" + parent + ", " + arg + ")";
    }
    if (p == "fuse") {
      std::string vars = VarList(e.iter_vars);
      return Outputs(entry, e) + " = " + stage + ".fuse(" + vars + ")";
    }
    if (p == "tile") {
      std::string vars = VarList(e.iter_vars);
      return Outputs(entry, e) + " = " + stage + ".tile(" + vars +
             ", x_factor=" + std::to_string(Int(e, "x_factor")) +
             ", y_factor=" + std::to_string(Int(e, "y_factor")) + ")";
    }
    if (p == "reorder") return stage + ".reorder(" + VarList(e.iter_vars) + ")";
    if (p == "compute_at") {
      std::string target = e.stages.empty() ? "?" : Stage(e.stages[0]);
      return stage + ".compute_at(" + target + ", " + Var(FirstVar(e)) + ")";
    }
    if (p == "compute_inline" || p == "compute_root") return stage + "." + p + "()";
    if (p == "vectorize" || p == "unroll" || p == "parallel")
      return stage + "." + p + "(" + Var(FirstVar(e)) + ")";
    if (p == "bind") {
      std::string name = e.strings.count("name") ? ", name=" + Str(e, "name") : "";
      return stage + ".bind(" + Var(FirstVar(e)) + ", " + te_ + "thread_axis(" + Str(e, "thread") +
             name + "))";
    }
    if (p == "pragma") {
      std::string value = e.ints.count("value") ? ", " + std::to_string(Int(e, "value")) : "";
      if (auto text = e.strings.find("value"); text != e.strings.end())
        value = ", " + PythonStringLiteral(text->second);
      return stage + ".pragma(" + Var(FirstVar(e)) + ", " + Str(e, "key") + value + ")";
    }
    if (p == "prefetch" && !e.stages.empty()) {
      std::string tensor = TensorVar(e.stages[0].name);
      if (e.ints.count("value_index"))
        tensor += ".op.output(" + std::to_string(Int(e, "value_index")) + ")";
      return stage + ".prefetch(" + tensor + ", " + Var(FirstVar(e)) + ", " +
             std::to_string(Int(e, "offset")) + ")";
    }
    if (p == "storage_align")
      return stage + ".storage_align(" + Var(FirstVar(e)) + ", " +
             std::to_string(Int(e, "factor")) + ", " + std::to_string(Int(e, "offset")) + ")";
    if (p == "cache_read" || p == "cache_write" || p == "rfactor")
      return StageCreatingLine(entry, e);
    if (p == "transform_layout") return TransformLayoutLine(entry, e);
    if (p == "create_group") return CreateGroupLine(entry, e);
    if (p == "set_scope") return stage + ".set_scope(" + Str(e, "scope") + ")";
    if (p == "set_store_predicate") return StorePredicateLine(e);
    // The intrinsic by the variable the script held it in (else its declared name); a
    // flat script keeps its declaration only when it is in the workload.
    if (p == "tensorize") {
      auto var = e.strings.find("intrin_var");
      auto name = e.strings.find("intrin");
      std::string intrin = var != e.strings.end()    ? var->second
                           : name != e.strings.end() ? PythonIdentifier(name->second)
                                                     : "intrin";
      return stage + ".tensorize(" + Var(FirstVar(e)) + ", " + intrin + ")";
    }
    return "# " + schedule::to_string(e) + "  (not expressible as a TVM script line)";
  }

  // `lambda a, b: body` with the parameters renamed to identifiers, or just the body
  // for a constant. `as_list`: the body is a list even with one element (index maps).
  std::string Lambda(const schedule::TraceLambda& l, bool as_list, std::string* error) const {
    PythonExprNames names;
    names.te = te_;
    names.tensor = [this](const ir::DataProducer& t) { return TensorVar(t->producer_name()); };
    auto text = PrintTraceLambda(l, as_list, names);
    if (!text) {
      *error = text.error().message;
      return "";
    }
    return *text;
  }

  // g = s.create_group(outputs=[...], inputs=[...], include_inputs=...): the entry's stage
  // and first num_outputs - 1 stages are the outputs, the rest the inputs.
  std::string CreateGroupLine(int entry, const TraceEntry& e) {
    size_t num_outputs = static_cast<size_t>(std::max<int64_t>(1, Int(e, "num_outputs", 1)));
    std::string outputs = TensorVar(e.stage.name), inputs;
    for (size_t k = 0; k < e.stages.size(); ++k) {
      if (k + 1 < num_outputs)
        outputs += ", " + TensorVar(e.stages[k].name);
      else
        inputs += (inputs.empty() ? "" : ", ") + TensorVar(e.stages[k].name);
    }
    std::string include = Int(e, "include_inputs") ? ", include_inputs=True" : "";
    return Outputs(entry, e) + " = " + names_.schedule_var + ".create_group(outputs=[" + outputs +
           "], inputs=[" + inputs + "]" + include + ")";
  }

  // transform_layout: TVM's call with Tessera's pad_value and axis_separators keywords;
  // for TVM itself they become a comment and set_axis_separators.
  std::string TransformLayoutLine(int entry, const TraceEntry& e) {
    std::string error;
    auto map = e.lambdas.find("index_map");
    if (map == e.lambdas.end()) return "# " + schedule::to_string(e) + "  (no index map)";
    std::string call = Stage(e.stage) + ".transform_layout(" + Lambda(map->second, true, &error);
    std::string extras;
    auto kind = e.strings.find("pad_kind");
    if (kind != e.strings.end() && kind->second == "undef") {
      extras += ", pad_value=tvm.tir.undef()";
    } else if (auto pad = e.lambdas.find("pad_value"); pad != e.lambdas.end()) {
      extras += ", pad_value=" + Lambda(pad->second, false, &error);
    }
    auto seps = e.int_lists.find("axis_separators");
    std::string separators;
    if (seps != e.int_lists.end()) {
      for (size_t k = 0; k < seps->second.size(); ++k)
        separators += (k ? ", " : "") + std::to_string(seps->second[k]);
      if (!tvm_) extras += ", axis_separators=[" + separators + "]";
    }
    if (!error.empty()) return "# " + schedule::to_string(e) + "  (" + error + ")";
    std::string outputs = e.outputs.empty() ? "" : Outputs(entry, e) + " = ";
    if (!tvm_) return outputs + call + extras + ")";
    if (padded_.count(e.stage.name)) {
      // TVM 0.19's TE refuses an index map that pads ("The iterations do not traverse full
      // iter space"): the stage keeps its logical layout there, and the loops the index
      // map would have made are made by splits when the map is a split pattern.
      std::string text = outputs + call + extras +
                         (separators.empty() ? "" : ", axis_separators=[" + separators + "]") + ")";
      std::string note =
          "# Tessera: " + text +
          "\n# TVM's TE cannot pad a layout (transform_layout "
          "refuses an index map that does not\n# cover its iteration space exactly), so "
          "in TVM " +
          TensorVar(e.stage.name) + " keeps its logical layout";
      if (e.outputs.empty()) return note;
      if (auto splits = SplitEquivalent(entry, e, map->second))
        return note + "; its loops are split as the index map splits them:\n" + *splits;
      return note + " (its loops as the index map orders them cannot be written in TE)";
    }
    std::string line = outputs + call + ")";
    // TVM 0.19's te.Stage has no set_axis_separators (AttributeError): a comment only.
    if (!separators.empty())
      line += "\n# Tessera: axis_separators=[" + separators +
              "] (TVM's te.Stage cannot set axis separators; TVM keeps the buffer flat)";
    std::string pad = extras.substr(0, extras.find(", axis_separators"));
    if (!pad.empty()) line += "  # Tessera:" + pad.substr(1) + " (TVM's TE has no pad_value)";
    return line;
  }

  // set_store_predicate: the predicate with its iter vars written as the script names
  // them and its threads as te.thread_axis("tag").var (the stage's bound thread).
  std::string StorePredicateLine(const TraceEntry& e) {
    auto l = e.lambdas.find("predicate");
    if (l == e.lambdas.end() || l->second.body.size() != 1)
      return "# " + schedule::to_string(e) + "  (no predicate)";
    std::vector<std::string> threads;
    if (auto it = e.strings.find("threads"); it != e.strings.end()) {
      std::string rest = it->second;
      for (size_t comma; (comma = rest.find(',')) != std::string::npos;
           rest = rest.substr(comma + 1))
        threads.push_back(rest.substr(0, comma));
      threads.push_back(rest);
    }
    const std::vector<ir::Var>& params = l->second.params;
    ir::VarMap rename;
    for (size_t i = 0; i < params.size(); ++i) {
      std::string text = i < e.iter_vars.size() ? Var(e.iter_vars[i])
                         : i - e.iter_vars.size() < threads.size()
                             ? te_ + "thread_axis(\"" + threads[i - e.iter_vars.size()] + "\").var"
                             : params[i].name();
      rename[params[i]] = ir::Var(text, params[i].dtype());
    }
    PythonExprNames names;
    names.te = te_;
    names.tensor = [this](const ir::DataProducer& t) { return TensorVar(t->producer_name()); };
    auto text = ToPython(ir::Substitute(l->second.body[0], rename), names);
    if (!text) return "# " + schedule::to_string(e) + "  (" + text.error().message + ")";
    return Stage(e.stage) + ".set_store_predicate(" + *text + ")";
  }

  // The loops of a transform_layout whose index map only splits and keeps variables
  // (`[i // 4, i % 4]`, `[i, j // 16, j % 16]`), written as TVM splits (and a reorder
  // when the map orders them differently), binding the transform's output names.
  // nullopt for other maps.
  std::optional<std::string> SplitEquivalent(int entry, const TraceEntry& e,
                                             const schedule::TraceLambda& map) {
    struct Part {
      size_t param;
      int64_t factor;  // 0: the variable itself
      bool outer;
    };
    std::vector<Part> parts;
    for (const ir::Expr& r : map.body) {
      auto param_of = [&](const ir::Expr& x) -> std::optional<size_t> {
        for (size_t p = 0; p < map.params.size(); ++p)
          if (x.same_as(map.params[p])) return p;
        return std::nullopt;
      };
      if (auto p = param_of(r)) {
        parts.push_back({*p, 0, true});
        continue;
      }
      auto* bin = r.as<ir::BinaryNode>();
      if (!bin || (r.kind() != ir::ExprKind::FloorDiv && r.kind() != ir::ExprKind::FloorMod))
        return std::nullopt;
      auto p = param_of(bin->a);
      auto* c = bin->b.as<ir::IntImmNode>();
      if (!p || !c || c->value <= 0) return std::nullopt;
      parts.push_back({*p, c->value, r.kind() == ir::ExprKind::FloorDiv});
    }
    if (parts.size() != e.outputs.size()) return std::nullopt;
    // Each parameter: once as itself, or once as `// c` and once as `% c` (same c).
    std::vector<std::vector<size_t>> uses(map.params.size());
    for (size_t k = 0; k < parts.size(); ++k) uses[parts[k].param].push_back(k);
    for (size_t p = 0; p < uses.size(); ++p) {
      const auto& u = uses[p];
      bool plain = u.size() == 1 && parts[u[0]].factor == 0;
      bool split = u.size() == 2 && parts[u[0]].factor > 0 &&
                   parts[u[0]].factor == parts[u[1]].factor &&
                   parts[u[0]].outer != parts[u[1]].outer;
      if (!plain && !split) return std::nullopt;
    }
    std::vector<std::string> names;  // bound by Outputs() when the line was started
    for (size_t k = 0; k < parts.size(); ++k) {
      auto it = outputs_.find({entry, static_cast<int>(k)});
      names.push_back(it != outputs_.end() ? it->second : PythonIdentifier(e.outputs[k]));
    }
    std::string op = replaced_ops_.count(e.stage.name) ? StageExpr(e.stage.name) + ".op"
                                                       : TensorVar(e.stage.name) + ".op";
    std::string lines;
    std::vector<std::string> natural;
    for (size_t p = 0; p < uses.size(); ++p) {
      const auto& u = uses[p];
      std::string axis = op + ".axis[" + std::to_string(p) + "]";
      if (u.size() == 1) {
        lines += names[u[0]] + " = " + axis + "\n";
        natural.push_back(names[u[0]]);
        continue;
      }
      size_t outer = parts[u[0]].outer ? u[0] : u[1], inner = parts[u[0]].outer ? u[1] : u[0];
      lines += names[outer] + ", " + names[inner] + " = " + Stage(e.stage) + ".split(" + axis +
               ", factor=" + std::to_string(parts[outer].factor) + ")\n";
      natural.push_back(names[outer]);
      natural.push_back(names[inner]);
    }
    if (natural != names) {
      std::string order;
      for (size_t k = 0; k < names.size(); ++k) order += (k ? ", " : "") + names[k];
      lines += Stage(e.stage) + ".reorder(" + order + ")\n";
    }
    lines.pop_back();
    return lines;
  }

  // cache_read / cache_write / rfactor: the new stage's tensor gets a variable.
  std::string StageCreatingLine(int entry, const TraceEntry& e) {
    std::string producer = TensorVar(e.stage.name);
    std::string args;
    if (e.primitive == "cache_read") {
      std::string readers;
      for (size_t i = 0; i < e.stages.size(); ++i)
        readers += (i ? ", " : "") + TensorVar(e.stages[i].name);
      args = producer + ", " + Str(e, "scope") + ", [" + readers + "]";
    } else if (e.primitive == "cache_write") {
      args = producer + ", " + Str(e, "scope");
      replaced_ops_.insert(e.stage.name);
    } else {
      args = producer + ", " + Var(FirstVar(e)) +
             ", factor_axis=" + std::to_string(Int(e, "factor_axis"));
      replaced_ops_.insert(e.stage.name);
    }
    std::string out = e.outputs.empty() ? "_" : Fresh(entry, 0, e.outputs[0]);
    if (!e.outputs.empty()) created_stages_[e.outputs[0]] = out;
    return out + " = " + names_.schedule_var + "." + e.primitive + "(" + args + ")";
  }
};

std::string TensorList(const std::vector<te::Tensor>& tensors, const ScriptNames& names) {
  std::string out;
  for (size_t i = 0; i < tensors.size(); ++i) {
    auto it = names.tensor_vars.find(tensors[i]->op->name);
    std::string var =
        it != names.tensor_vars.end() ? it->second : PythonIdentifier(tensors[i].name());
    // The variable holds one output of a multi-output op (argmax's T0, T1): name each.
    if (it != names.tensor_vars.end() && tensors[i]->op->num_outputs() > 1)
      var += ".op.output(" + std::to_string(tensors[i]->value_index) + ")";
    out += (i ? ", " : "") + var;
  }
  return out;
}

}  // namespace

namespace {

// Stages of the program whose transform_layout pads (for the TVM dialect).
std::set<std::string> PaddedStages(const ScriptProgram& program) {
  std::set<std::string> padded;
  if (!program.schedule) return padded;
  for (const schedule::Stage& st : program.schedule->stages) {
    if (!st->layout) continue;
    const auto& count = st->layout->padded.padding_count;
    if (!count || *count != 0) padded.insert(st->name());
  }
  return padded;
}

// True when the shape of one of `tensors` names the variable called `name`.
bool InSomeShape(const std::vector<te::Tensor>& tensors, const std::string& name) {
  bool found = false;
  for (const te::Tensor& t : tensors)
    for (const ir::Expr& e : t->shape)
      ir::PostOrderVisit(e, [&](const ir::Expr& x) {
        if (auto* v = x.as<ir::VarNode>()) found |= v->name == name;
      });
  return found;
}

}  // namespace

std::vector<ScriptArgument> ScriptArguments(const ScriptProgram& program) {
  const ScriptNames& names = program.names;
  std::vector<te::Tensor> tensors = program.Arguments();
  std::vector<ScriptArgument> items;
  for (const te::Tensor& t : tensors) items.push_back({TensorList({t}, names), t, {}});
  auto name_of = [&](const std::string& var) {
    auto it = names.scalar_vars.find(var);
    return it != names.scalar_vars.end() ? it->second : PythonIdentifier(var);
  };
  transform::ScalarParams scalars = program.ScalarParameters();
  std::vector<transform::ListedScalar> listed = scalars.listed;
  std::sort(listed.begin(), listed.end(),
            [](const auto& a, const auto& b) { return a.position < b.position; });
  for (const transform::ListedScalar& s : listed)
    items.insert(items.begin() + static_cast<std::ptrdiff_t>(std::min(s.position, items.size())),
                 ScriptArgument{name_of(s.var.name()), te::Tensor(), s.var});
  for (const ir::Var& v : scalars.unlisted)  // those the workload bound to a name
    if (auto it = names.scalar_vars.find(v.name());
        it != names.scalar_vars.end() && !InSomeShape(tensors, v.name()))
      items.push_back({it->second, te::Tensor(), v});
  return items;
}

namespace {

// tvm.lower's argument list: the tensors with the listed scalar variables at their
// places (tvm.lower(s, [A, B, b])). A script that listed none passes every variable of
// its workload that a compute reads and no argument's shape determines (TVM requires
// them).
std::string ArgumentList(const ScriptProgram& program) {
  std::string out;
  for (const ScriptArgument& item : ScriptArguments(program))
    out += (out.empty() ? "" : ", ") + item.text;
  return out;
}

std::string LowerLine(const ScriptProgram& program) {
  return "print(tvm.lower(" + program.names.schedule_var + ", [" + ArgumentList(program) +
         "], simple_mode=True))\n";
}

// Whether every stage and IterVar that trace entry `e` refers to has a name the script
// bound at module level (so that a line printed after the script's own code can use it).
bool Reachable(const schedule::TraceEntry& e, size_t first_new, const ScriptNames& names,
               const std::set<std::string>& new_stages) {
  auto stage_ok = [&](const std::string& stage) {
    return names.tensor_vars.count(stage) || new_stages.count(stage);
  };
  if (!stage_ok(e.stage.name)) return false;
  for (const schedule::StageRef& st : e.stages)
    if (!stage_ok(st.name)) return false;
  for (const schedule::IterVarRef& iv : e.iter_vars) {
    if (iv.origin == schedule::IterVarRef::Origin::EntryOutput) {
      if (static_cast<size_t>(iv.entry) < first_new &&
          !names.final_outputs.count({iv.entry, iv.index}))
        return false;
    } else if (!stage_ok(iv.stage)) {
      return false;
    }
  }
  return true;
}

// A structured script (Evaluator.h) printed as its own source, with the primitives added
// since (the GUI's edits) after it. nullopt when that cannot be done: the trace no
// longer begins with what the source made, an added primitive refers to something the
// source named only inside a function or loop, or (TVM) the source uses a Tessera
// extension that the flat printer translates.
std::optional<std::string> PrintVerbatim(const ScriptProgram& program, ScriptDialect dialect,
                                         const std::string& te) {
  const bool tvm = dialect == ScriptDialect::TVM;
  // TVM gets the knobs' chosen values, not the knobs (TuneConfig.h).
  if (tvm && UsesTuneConfig(program)) return std::nullopt;
  std::vector<schedule::TraceEntry> entries;
  if (program.schedule) entries = program.schedule->trace.entries;
  size_t n = program.source_trace.size();
  if (entries.size() < n) return std::nullopt;
  for (size_t k = 0; k < n; ++k)
    if (schedule::to_string(entries[k]) != program.source_trace[k]) return std::nullopt;
  if (tvm) {
    std::set<std::string> padded = PaddedStages(program);
    for (const schedule::TraceEntry& e : entries)
      if (e.primitive == "transform_layout" &&
          (padded.count(e.stage.name) || e.int_lists.count("axis_separators") ||
           e.lambdas.count("pad_value") || e.strings.count("pad_kind")))
        return std::nullopt;
  }
  std::string added;
  if (entries.size() > n) {
    std::set<std::string> new_stages;
    for (size_t k = n; k < entries.size(); ++k) {
      if (!Reachable(entries[k], n, program.names, new_stages)) return std::nullopt;
      for (const std::string& out : entries[k].outputs) new_stages.insert(out);
    }
    std::vector<std::string> lines =
        TracePrinter(program.names, te, tvm)
            .PrintFrom(program.schedule->trace, n, program.names.final_outputs);
    added = "\n# Added in Tessera, after the script's own schedule code:\n";
    for (const std::string& line : lines) added += line + "\n";
  }
  std::string out = program.source;
  if (tvm && !program.tvm_imported) {
    // The header comment stays first; `import tvm` goes before the first code line.
    size_t at = program.header_comment.size();
    out.insert(at, "import tvm  # added by Tessera's export: the program calls tvm.lower\n");
  }
  out += added;
  if (tvm && (!program.has_lower_call || !added.empty())) out += "\n" + LowerLine(program);
  return out;
}

// The statements of `text`, each line commented out.
std::string Commented(const std::string& text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t eol = text.find('\n', start);
    if (eol == std::string::npos) eol = text.size();
    std::string line = text.substr(start, eol - start);
    out += line.empty() ? "#\n" : "#   " + line + "\n";
    start = eol + 1;
  }
  return out;
}

}  // namespace

std::string PythonIdentifier(const std::string& name) {
  std::string id;
  for (char c : name) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    id += ok ? c : '_';
  }
  if (id.empty() || (id[0] >= '0' && id[0] <= '9')) id = "_" + id;
  if (is_python_keyword(id)) id += "_";
  return id;
}

Result<std::string> PrintTraceLambda(const schedule::TraceLambda& l, bool as_list,
                                     const PythonExprNames& names) {
  ir::VarMap rename;
  std::string params;
  std::set<std::string> taken;
  for (const ir::Var& p : l.params) {
    std::string name = PythonIdentifier(p.name());
    while (taken.count(name)) name += "_";
    taken.insert(name);
    rename[p] = ir::Var(name, p.dtype());
    params += (params.empty() ? "" : ", ") + name;
  }
  std::string body;
  for (size_t k = 0; k < l.body.size(); ++k) {
    auto text = ToPython(ir::Substitute(l.body[k], rename), names);
    if (!text) return text.error();
    body += (k ? ", " : "") + *text;
  }
  if (as_list) body = "[" + body + "]";
  return l.params.empty() && !as_list ? body : "lambda " + params + ": " + body;
}

std::vector<std::string> PrintTraceLines(const schedule::Trace& trace, const ScriptNames& names,
                                         const std::string& te_prefix, ScriptDialect dialect) {
  return TracePrinter(names, te_prefix, dialect == ScriptDialect::TVM).Print(trace);
}

std::string PrintScript(const ScriptProgram& program, ScriptDialect dialect) {
  std::string te = program.te_imported ? "te." : "tvm.te.";
  if (program.structured)
    if (auto verbatim = PrintVerbatim(program, dialect, te)) return *verbatim;
  std::string out = program.header_comment;
  if (program.imports.empty()) {
    out += "import tvm\nfrom tvm import te\n";
    te = "te.";
  } else {
    if (dialect == ScriptDialect::TVM && !program.tvm_imported)
      out += "import tvm  # added by Tessera's export: the program calls tvm.lower\n";
    out += program.imports;
  }
  if (!program.workload.empty()) out += "\n" + program.workload;
  if (!program.schedule) return out;
  const ScriptNames& names = program.names;
  std::vector<te::Tensor> outputs;
  for (const te::Operation& op : program.schedule->outputs) outputs.push_back(te::output_of(op, 0));
  std::string ops = TensorList(outputs, names);
  if (outputs.size() > 1) {
    ops.clear();
    for (size_t i = 0; i < outputs.size(); ++i)
      ops += (i ? ".op, " : "") + TensorList({outputs[i]}, names);
    ops = "[" + ops + ".op]";
  } else {
    ops += ".op";
  }
  out += "\n" + names.schedule_var + " = " + te + "create_schedule(" + ops + ")\n";
  if (program.structured && UsesTuneConfig(program) && dialect == ScriptDialect::TVM) {
    out +=
        "# Tessera: the tunable knobs' chosen values as a flat list of primitives; the script's\n"
        "# schedule code with its knobs (cfg.define_*) is kept here as comments:\n";
    out += Commented(program.schedule_source);
  } else if (program.structured) {
    // The script's loops / functions no longer produce this schedule (or cannot be
    // kept, see PrintVerbatim): say so, and keep that code as comments.
    out +=
        "# Tessera: the schedule below is the edited schedule as a flat list of primitives;\n"
        "# the script's own schedule code no longer produces it and is kept here as comments:\n";
    out += Commented(program.schedule_source);
  }
  std::set<std::string> padded =
      dialect == ScriptDialect::TVM ? PaddedStages(program) : std::set<std::string>{};
  std::vector<std::string> lines =
      TracePrinter(names, te, dialect == ScriptDialect::TVM, padded).Print(program.schedule->trace);
  // The script's comments and kept statements go back between the primitives.
  auto text_before = [&program](int e) {
    auto it = program.schedule_text.find(e);
    return it == program.schedule_text.end() ? std::string() : it->second;
  };
  for (size_t e = 0; e < lines.size(); ++e) {
    out += text_before(static_cast<int>(e)) + lines[e];
    if (auto c = program.entry_comments.find(static_cast<int>(e));
        c != program.entry_comments.end())
      out += "  " + c->second;
    out += "\n";
  }
  for (auto it = program.schedule_text.lower_bound(static_cast<int>(lines.size()));
       it != program.schedule_text.end(); ++it)
    out += it->second;
  // A TVM program ends by lowering (what a TVM user runs it for); Tessera's own script
  // keeps the call only when the script had it.
  if (program.has_lower_call || dialect == ScriptDialect::TVM) out += "\n" + LowerLine(program);
  return out;
}

}  // namespace tessera::script
