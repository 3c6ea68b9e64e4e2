// The TensorIR export's entry point: what has no TensorIR equivalent is refused here,
// located in the script, before anything is written (TirExport.h).
#include "script/export/TirExport.h"

#include <set>

#include "schedule/Schedule.h"
#include "script/export/ScriptPrinter.h"
#include "script/export/TirDocumentExport.h"
#include "script/export/TirExportInternal.h"

namespace tessera::script {

namespace tir_export {

namespace {

// 1-based line and column of byte `offset` in `text`.
SourceLoc LocationOf(const ScriptProgram& program, const std::string& source, size_t offset) {
  SourceLoc loc{program.file, 1, 1};
  for (size_t k = 0; k < offset && k < source.size(); ++k) {
    if (source[k] == '\n') {
      ++loc.line;
      loc.column = 1;
    } else {
      ++loc.column;
    }
  }
  return loc;
}

// Offset of the `occurrence`-th (0-based) `needle` outside comments; npos when fewer.
size_t FindOutsideComments(const std::string& text, const std::string& needle, size_t occurrence) {
  size_t line_start = 0;
  while (line_start < text.size()) {
    size_t eol = text.find('\n', line_start);
    if (eol == std::string::npos) eol = text.size();
    size_t comment = text.find('#', line_start);
    size_t code_end = comment < eol ? comment : eol;
    for (size_t at = text.find(needle, line_start);
         at != std::string::npos && at + needle.size() <= code_end;
         at = text.find(needle, at + 1)) {
      if (occurrence == 0) return at;
      --occurrence;
    }
    line_start = eol + 1;
  }
  return std::string::npos;
}

SourceLoc Fallback(const ScriptProgram& program, const std::string& source) {
  size_t at = FindOutsideComments(source, "create_schedule(", 0);
  return at == std::string::npos ? SourceLoc{program.file, 1, 1} : LocationOf(program, source, at);
}

// The primitives the writer maps (TirExportPrimitives.cpp).
bool Mapped(const std::string& p) {
  static const std::set<std::string> kMapped = {"split",         "fuse",       "reorder",
                                                "tile",          "compute_at", "compute_inline",
                                                "compute_root",  "cache_read", "cache_write",
                                                "vectorize",     "unroll",     "parallel",
                                                "bind",          "pragma",     "prefetch",
                                                "storage_align", "rfactor",    "transform_layout",
                                                "set_scope",     "tensorize"};
  return kMapped.count(p) != 0;
}

// Why a primitive has no TensorIR equivalent in this export.
std::string Unmapped(const std::string& p) {
  if (p == "set_store_predicate")
    return "set_store_predicate has no TensorIR equivalent (a block's predicate is made by "
           "splits, not set): this schedule cannot be exported as a TensorIR schedule";
  if (p == "create_group")
    return "create_group has no TensorIR equivalent (TensorIR moves blocks one by one): "
           "this schedule cannot be exported as a TensorIR schedule";
  if (p == "env_threads")
    return "env_threads has no TensorIR equivalent: this schedule cannot be exported as a "
           "TensorIR schedule";
  return p + " has no TensorIR equivalent in this export";
}

// The names a module-level assignment of `workload` binds ("A = ...", "m, n = ...").
std::set<std::string> ModuleLevelNames(const std::string& workload) {
  std::set<std::string> names;
  size_t start = 0;
  while (start < workload.size()) {
    size_t eol = workload.find('\n', start);
    if (eol == std::string::npos) eol = workload.size();
    std::string line = workload.substr(start, eol - start);
    start = eol + 1;
    if (line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#') continue;
    size_t eq = line.find('=');
    while (eq != std::string::npos &&
           ((eq + 1 < line.size() && line[eq + 1] == '=') ||
            (eq > 0 && std::string("<>!=").find(line[eq - 1]) != std::string::npos)))
      eq = line.find('=', eq + 2);
    if (eq == std::string::npos) continue;
    std::string left = line.substr(0, eq);
    size_t from = 0;
    while (from <= left.size()) {
      size_t comma = left.find(',', from);
      std::string part =
          left.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
      size_t a = part.find_first_not_of(" ()[]"), b = part.find_last_not_of(" ()[]");
      if (a != std::string::npos) names.insert(part.substr(a, b - a + 1));
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
  }
  return names;
}

// An argument the te definition does not bind at module level (made inside a `with` or
// `def` block together with its TE schedule, as topi programs do): the TensorIR program
// cannot repeat the definition without the schedule.
std::optional<Error> UnboundArgument(const ScriptProgram& program, const std::string& source) {
  std::set<std::string> bound = ModuleLevelNames(program.workload);
  for (const ScriptArgument& a : ScriptArguments(program)) {
    std::string name = a.text.substr(0, a.text.find('.'));
    if (bound.count(name)) continue;
    return Error("'" + name +
                     "' is defined together with its TE schedule (not at module level before "
                     "create_schedule), so the TensorIR program cannot repeat its te definition",
                 LocateText(program, source, name + " ="));
  }
  return std::nullopt;
}

// A located refusal for a workload construct, a primitive or a missing definition.
std::optional<Error> Refusal(const ScriptProgram& program, const std::string& source) {
  const schedule::Schedule& sch = *program.schedule;
  for (const schedule::Stage& st : sch.stages) {
    if (!st->op) continue;
    te::OpKind kind = st->op->kind();
    if (kind == te::OpKind::Scan)
      return Error("te.scan '" + st->name() +
                       "' has no TensorIR equivalent (TensorIR has no "
                       "scan operation; te.create_prim_func refuses it)",
                   LocateText(program, source, "scan("));
    if (kind == te::OpKind::Extern)
      return Error("extern op '" + st->name() +
                       "' is not exported: its body is a packed call or "
                       "IR builder code that this export does not translate to TensorIR",
                   LocateText(program, source, "extern("));
  }
  const auto& entries = sch.trace.entries;
  for (size_t e = 0; e < entries.size(); ++e) {
    if (!Mapped(entries[e].primitive))
      return Error(Unmapped(entries[e].primitive), LocateEntry(program, source, e));
    if (entries[e].primitive != "tensorize") continue;
    if (!entries[e].intrin)
      return Error("tensorize without its intrinsic object cannot be exported",
                   LocateEntry(program, source, e));
    if (auto reason = IntrinRefusal(*entries[e].intrin))
      return Error(*reason, LocateEntry(program, source, e));
  }
  if (program.workload.empty())
    return Error(
        "the te definition is not written at module level before create_schedule, "
        "so the TensorIR program cannot repeat it",
        Fallback(program, source));
  return UnboundArgument(program, source);
}

}  // namespace

SourceLoc LocateEntry(const ScriptProgram& program, const std::string& source, size_t entry) {
  const auto& entries = program.schedule->trace.entries;
  if (entry >= entries.size()) return Fallback(program, source);
  const std::string& p = entries[entry].primitive;
  size_t occurrence = 0;
  for (size_t e = 0; e < entry; ++e) occurrence += entries[e].primitive == p;
  size_t at = FindOutsideComments(source, "." + p + "(", occurrence);
  return at == std::string::npos ? Fallback(program, source) : LocationOf(program, source, at + 1);
}

SourceLoc LocateText(const ScriptProgram& program, const std::string& source,
                     const std::string& needle) {
  size_t at = FindOutsideComments(source, needle, 0);
  return at == std::string::npos ? Fallback(program, source) : LocationOf(program, source, at);
}

}  // namespace tir_export

Result<std::string> ExportTirProgram(const ScriptProgram& program, TvmVersion version,
                                     std::string_view source) {
  if (program.is_tensorir()) return ExportTensorIRDocument(program, version);
  const std::string text = source.empty() ? program.source : std::string(source);
  if (!program.schedule)
    return Error("the script creates no schedule (te.create_schedule) to export",
                 SourceLoc{program.file, 1, 1});
  if (auto refused = tir_export::Refusal(program, text)) return *refused;
  tir_export::TirSpelling spelling = tir_export::SpellingFor(version);
  auto schedule = tir_export::WriteTirSchedule(program, text, spelling);
  if (!schedule) return schedule.error();
  return tir_export::ProgramText(program, spelling, *schedule);
}

Result<std::string> TensorIRDocumentText(const ScriptProgram& program, TvmVersion version,
                                         std::string_view source) {
  const std::string text = source.empty() ? program.source : std::string(source);
  if (!program.schedule)
    return Error("the script creates no schedule (te.create_schedule) to open as TensorIR",
                 SourceLoc{program.file, 1, 1});
  if (auto refused = tir_export::Refusal(program, text)) return *refused;
  tir_export::TirSpelling spelling = tir_export::SpellingFor(version);
  auto schedule = tir_export::WriteTirSchedule(program, text, spelling);
  if (!schedule) return schedule.error();
  return tir_export::ProgramText(program, spelling, *schedule, /*with_run=*/false);
}

}  // namespace tessera::script
