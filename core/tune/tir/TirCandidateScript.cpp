#include "tune/tir/TirCandidateScript.h"

#include <regex>
#include <sstream>

namespace tessera::tune {

namespace {

constexpr const char* kTunedMarker =
    "# tuned by tessera-cli tune: the search's trace, on the schedule above\n";

bool MakesSchedule(const script::ScriptProgram& program) { return program.tir_schedule_line > 0; }

// The name the document's last top-level TensorIR function or module is bound to: the
// def or class under `@T.prim_func` / `@I.ir_module` (decorators at column 0; a module's
// own functions are indented), or `f = te.create_prim_func(...)`. Lines may end in "\r\n".
std::string BoundTensorIRName(const std::string& source) {
  static const std::regex decorator(R"(^@(T\.prim_func|I\.ir_module)\b.*)");
  static const std::regex definition(R"(^(def|class)\s+([A-Za-z_]\w*).*)");
  static const std::regex created(R"(^([A-Za-z_]\w*)\s*=\s*(tvm\.)?te\.create_prim_func\(.*)");
  std::istringstream lines(source);
  std::string line, name;
  bool decorated = false;
  std::smatch m;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (std::regex_match(line, decorator)) {
      decorated = true;
    } else if (decorated && !line.empty() && line[0] == '@') {
      // another decorator of the same definition
    } else if (decorated && std::regex_match(line, m, definition)) {
      name = m[2].str();
      decorated = false;
    } else if (std::regex_match(line, m, created)) {
      name = m[1].str();
      decorated = false;
    } else {
      decorated = false;
    }
  }
  return name;
}

bool ImportsTvm(const std::string& source) {
  static const std::regex imported(R"((^|\n)import tvm[ \t\r]*(\n|$))");
  return std::regex_search(source, imported);
}

}  // namespace

Result<std::string> TirScheduleVariable(const script::ScriptProgram& program) {
  if (program.source.empty())
    return Error("tune: the TensorIR document's text is not known (ScriptProgram::source)");
  if (!MakesSchedule(program)) return std::string("sch");
  int line = program.tir_schedule_line;
  size_t begin = 0;
  for (int l = 1; l < line && begin != std::string::npos; ++l) {
    begin = program.source.find('\n', begin);
    if (begin != std::string::npos) ++begin;
  }
  std::string text;
  if (begin != std::string::npos)
    text = program.source.substr(begin, program.source.find('\n', begin) - begin);
  static const std::regex assign(R"(^\s*([A-Za-z_]\w*)\s*=\s*(tvm\.)?(s_)?tir\.Schedule\s*\()");
  std::smatch m;
  if (!std::regex_search(text, m, assign))
    return Error(program.file + ":" + std::to_string(line) +
                 ": error: tune: this line makes the document's schedule but assigns it to no "
                 "plain name (write `sch = tir.Schedule(...)`)");
  return m[1].str();
}

std::optional<std::string> TirScheduleCreationLines(const std::string& source,
                                                    const std::string& schedule_var,
                                                    tir::TvmDialect dialect) {
  const std::string name = BoundTensorIRName(source);
  if (name.empty()) return std::nullopt;
  const char* package = dialect == tir::TvmDialect::STir ? "s_tir" : "tir";
  return std::string(ImportsTvm(source) ? "" : "import tvm\n") + schedule_var + " = tvm." +
         package + ".Schedule(" + name + ")\n";
}

Result<std::string> TirScheduleCreation(const script::ScriptProgram& program) {
  if (MakesSchedule(program)) return std::string();
  auto var = TirScheduleVariable(program);
  if (!var.ok()) return var.error();
  auto lines = TirScheduleCreationLines(program.source, *var, program.tir_dialect);
  if (!lines)
    return Error(program.file +
                 ": error: tune: the script binds no TensorIR function or module at its top "
                 "level to make a schedule of");
  return *lines;
}

// The document (its schedule made first where it makes none), then `def`, a trace as
// `def apply_trace(sch)`, applied to its schedule.
Result<std::string> WithTraceApplied(const script::ScriptProgram& program, const std::string& def) {
  auto var = TirScheduleVariable(program);
  if (!var.ok()) return var.error();
  auto creation = TirScheduleCreation(program);
  if (!creation.ok()) return creation.error();
  std::string out = program.source;
  if (!out.empty() && out.back() != '\n') out += "\n";
  if (!creation->empty()) out += "\n" + *creation;
  out += "\n\n" + std::string(kTunedMarker) + def + "\n\n\n";
  if (program.tir_module.size() > 1) out += *var + ".work_on(\"" + program.tir_func_name + "\")\n";
  out += "apply_trace(" + *var + ")\n";
  return out;
}

Result<std::string> TirCandidateScript(const script::ScriptProgram& program,
                                       const tir::Trace& trace) {
  return WithTraceApplied(program, tir::TraceAsPython(trace, program.tir_dialect));
}

std::string TirTunedTrace(const std::string& script) {
  size_t at = script.rfind(kTunedMarker);
  if (at == std::string::npos) return "";
  return script.substr(at + std::string(kTunedMarker).size());
}

Result<std::string> TirTunedTraceDef(const std::string& script) {
  const std::string tuned = TirTunedTrace(script);
  if (tuned.empty()) return tuned;
  // The def ends where the calls that apply it begin (TirCandidateScript's layout).
  const size_t calls = tuned.rfind("\n\n\n");
  if (calls == std::string::npos)
    return Error("tune: the record's tuned trace has no apply_trace call after its def");
  return tuned.substr(0, calls);
}

Result<std::string> TirCandidateOnDocument(const script::ScriptProgram& program,
                                           const std::string& record_script) {
  auto def = TirTunedTraceDef(record_script);
  if (!def.ok()) return def.error();
  if (def->empty()) return program.source;
  return WithTraceApplied(program, *def);
}

}  // namespace tessera::tune
