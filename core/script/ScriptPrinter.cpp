#include "script/ScriptPrinter.h"

#include <map>
#include <set>

#include "ir/Functor.h"
#include "script/Lexer.h"
#include "script/PythonExpr.h"

namespace tessera::script {

namespace {

using schedule::IterVarRef;
using schedule::StageRef;
using schedule::TraceEntry;

// A valid Python identifier from a TVM name: "i.outer" -> "i_outer", "A.shared" -> A_shared.
std::string Identifier(const std::string& name) {
  std::string id;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    id += ok ? c : '_';
  }
  if (id.empty() || (id[0] >= '0' && id[0] <= '9')) id = "_" + id;
  if (is_python_keyword(id)) id += "_";
  return id;
}

class TracePrinter {
 public:
  TracePrinter(const ScriptNames& names, std::string te_prefix, bool tvm)
      : names_(names), te_(std::move(te_prefix)), tvm_(tvm) {
    used_.insert(names.workload_names.begin(), names.workload_names.end());
    used_.insert({"tvm", "te", names.schedule_var});
  }

  std::vector<std::string> Print(const schedule::Trace& trace) {
    std::vector<std::string> lines;
    for (size_t e = 0; e < trace.entries.size(); ++e)
      lines.push_back(Line(static_cast<int>(e), trace.entries[e]));
    return lines;
  }

 private:
  const ScriptNames& names_;
  std::string te_;
  bool tvm_;  // print for TVM: Tessera's extensions become comments
  std::set<std::string> used_;
  std::map<std::pair<int, int>, std::string> outputs_;   // printed output names
  std::map<std::string, std::string> created_stages_;    // stage name -> printed var
  std::set<std::string> cache_written_;                  // stages whose op was replaced

  // A fresh name: the script's own when it gave one, else one derived from `fallback`.
  std::string Fresh(int entry, int index, const std::string& fallback) {
    auto given = names_.entry_outputs.find({entry, index});
    std::string base = given != names_.entry_outputs.end() ? given->second : Identifier(fallback);
    std::string name = base;
    for (int n = 1; used_.count(name); ++n) name = base + "_" + std::to_string(n);
    used_.insert(name);
    outputs_[{entry, index}] = name;
    return name;
  }

  std::string TensorVar(const std::string& stage) const {
    if (auto it = created_stages_.find(stage); it != created_stages_.end()) return it->second;
    if (auto it = names_.tensor_vars.find(stage); it != names_.tensor_vars.end()) return it->second;
    return Identifier(stage);
  }
  std::string StageExpr(const std::string& stage) const {
    return names_.schedule_var + "[" + TensorVar(stage) + "]";
  }
  std::string Stage(const StageRef& ref) const { return StageExpr(ref.name); }

  std::string Var(const IterVarRef& ref) const {
    if (ref.origin == IterVarRef::Origin::EntryOutput) {
      auto it = outputs_.find({ref.entry, ref.index});
      return it != outputs_.end() ? it->second : Identifier(ref.name);
    }
    if (auto it = names_.workload_iter_vars.find(ref.stage + "/" + ref.name);
        it != names_.workload_iter_vars.end())
      return it->second;
    // After cache_write the stage computes a new op (same IterVars): reach it through
    // the stage, as TVM requires.
    std::string op = cache_written_.count(ref.stage) ? StageExpr(ref.stage) + ".op"
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
    if (p == "bind")
      return stage + ".bind(" + Var(FirstVar(e)) + ", " + te_ + "thread_axis(" + Str(e, "thread") + "))";
    if (p == "pragma") {
      std::string value = e.ints.count("value") ? ", " + std::to_string(Int(e, "value")) : "";
      return stage + ".pragma(" + Var(FirstVar(e)) + ", " + Str(e, "key") + value + ")";
    }
    if (p == "storage_align")
      return stage + ".storage_align(" + Var(FirstVar(e)) + ", " + std::to_string(Int(e, "factor")) +
             ", " + std::to_string(Int(e, "offset")) + ")";
    if (p == "cache_read" || p == "cache_write" || p == "rfactor") return StageCreatingLine(entry, e);
    if (p == "transform_layout") return TransformLayoutLine(entry, e);
    return "# " + schedule::to_string(e) + "  (not expressible as a TVM script line)";
  }

  // `lambda a, b: body` with the parameters renamed to identifiers, or just the body
  // for a constant. `as_list`: the body is a list even with one element (index maps).
  std::string Lambda(const schedule::TraceLambda& l, bool as_list, std::string* error) const {
    ir::VarMap rename;
    std::string params;
    std::set<std::string> taken;
    for (const ir::Var& p : l.params) {
      std::string name = Identifier(p.name());
      while (taken.count(name)) name += "_";
      taken.insert(name);
      rename[p] = ir::Var(name, p.dtype());
      params += (params.empty() ? "" : ", ") + name;
    }
    PythonExprNames names;
    names.te = te_;
    names.tensor = [this](const ir::DataProducer& t) { return TensorVar(t->producer_name()); };
    std::string body;
    for (size_t k = 0; k < l.body.size(); ++k) {
      auto text = ToPython(ir::Substitute(l.body[k], rename), names);
      if (!text) {
        *error = text.error().message;
        return "";
      }
      body += (k ? ", " : "") + *text;
    }
    if (as_list) body = "[" + body + "]";
    return l.params.empty() && !as_list ? body : "lambda " + params + ": " + body;
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
    std::string line = outputs + call + ")";
    if (!separators.empty()) line += "\n" + Stage(e.stage) + ".set_axis_separators([" + separators + "])";
    std::string pad = extras.substr(0, extras.find(", axis_separators"));
    if (!pad.empty()) line += "  # Tessera:" + pad.substr(1) + " (TVM's TE has no pad_value)";
    return line;
  }

  // cache_read / cache_write / rfactor: the new stage's tensor gets a variable.
  std::string StageCreatingLine(int entry, const TraceEntry& e) {
    std::string producer = TensorVar(e.stage.name);
    std::string args;
    if (e.primitive == "cache_read") {
      std::string readers;
      for (size_t i = 0; i < e.stages.size(); ++i) readers += (i ? ", " : "") + TensorVar(e.stages[i].name);
      args = producer + ", " + Str(e, "scope") + ", [" + readers + "]";
    } else if (e.primitive == "cache_write") {
      args = producer + ", " + Str(e, "scope");
      cache_written_.insert(e.stage.name);
    } else {
      args = producer + ", " + Var(FirstVar(e)) + ", factor_axis=" + std::to_string(Int(e, "factor_axis"));
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
    out += (i ? ", " : "") + (it != names.tensor_vars.end() ? it->second : Identifier(tensors[i].name()));
  }
  return out;
}

}  // namespace

std::vector<std::string> PrintTraceLines(const schedule::Trace& trace, const ScriptNames& names,
                                         const std::string& te_prefix, ScriptDialect dialect) {
  return TracePrinter(names, te_prefix, dialect == ScriptDialect::TVM).Print(trace);
}

std::string PrintScript(const ScriptProgram& program, ScriptDialect dialect) {
  std::string te = program.te_imported ? "te." : "tvm.te.";
  std::string out = program.header_comment;
  out += program.imports.empty() ? "import tvm\nfrom tvm import te\n" : program.imports;
  if (program.imports.empty()) te = "te.";
  if (!program.workload.empty()) out += "\n" + program.workload;
  if (!program.schedule) return out;
  const ScriptNames& names = program.names;
  std::vector<te::Tensor> outputs;
  for (const te::Operation& op : program.schedule->outputs) outputs.push_back(te::output_of(op, 0));
  std::string ops = TensorList(outputs, names);
  if (outputs.size() > 1) {
    ops.clear();
    for (size_t i = 0; i < outputs.size(); ++i) ops += (i ? ".op, " : "") + TensorList({outputs[i]}, names);
    ops = "[" + ops + ".op]";
  } else {
    ops += ".op";
  }
  out += "\n" + names.schedule_var + " = " + te + "create_schedule(" + ops + ")\n";
  std::vector<std::string> lines = PrintTraceLines(program.schedule->trace, names, te, dialect);
  // The script's comments and kept statements go back between the primitives.
  auto text_before = [&program](int e) {
    auto it = program.schedule_text.find(e);
    return it == program.schedule_text.end() ? std::string() : it->second;
  };
  for (size_t e = 0; e < lines.size(); ++e) {
    out += text_before(static_cast<int>(e)) + lines[e];
    if (auto c = program.entry_comments.find(static_cast<int>(e)); c != program.entry_comments.end())
      out += "  " + c->second;
    out += "\n";
  }
  for (auto it = program.schedule_text.lower_bound(static_cast<int>(lines.size()));
       it != program.schedule_text.end(); ++it)
    out += it->second;
  // A TVM program ends by lowering (what a TVM user runs it for); Tessera's own script
  // keeps the call only when the script had it.
  if (program.has_lower_call || dialect == ScriptDialect::TVM)
    out += "\nprint(tvm.lower(" + names.schedule_var + ", [" + TensorList(program.Arguments(), names) +
           "], simple_mode=True))\n";
  return out;
}

}  // namespace tessera::script
