// The TensorIR export's entry point: what has no TensorIR equivalent is refused here,
// located in the script, before anything is written (TirExport.h).
#include "script/tvm/TirExport.h"

#include <set>

#include "schedule/Schedule.h"
#include "script/tvm/TirExportInternal.h"

namespace tessera::script {

namespace tir_export {

namespace {

// 1-based line and column of byte `offset` in `text`.
SourceLoc LocationOf(const ScriptProgram& program, size_t offset) {
  SourceLoc loc{program.file, 1, 1};
  for (size_t k = 0; k < offset && k < program.source.size(); ++k) {
    if (program.source[k] == '\n') {
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

SourceLoc Fallback(const ScriptProgram& program) {
  size_t at = FindOutsideComments(program.source, "create_schedule(", 0);
  return at == std::string::npos ? SourceLoc{program.file, 1, 1} : LocationOf(program, at);
}

// The primitives the writer maps (TirExportPrimitives.cpp).
bool Mapped(const std::string& p) {
  static const std::set<std::string> kMapped = {"split",
                                                "fuse",
                                                "reorder",
                                                "tile",
                                                "compute_at",
                                                "compute_inline",
                                                "compute_root",
                                                "cache_read",
                                                "cache_write",
                                                "vectorize",
                                                "unroll",
                                                "parallel",
                                                "bind",
                                                "pragma",
                                                "storage_align",
                                                "rfactor",
                                                "transform_layout",
                                                "set_scope"};
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
  if (p == "tensorize")
    return "tensorize is not exported: TensorIR's tensorize needs the intrinsic as a "
           "TensorIntrin (a description and an implementation prim_func), which this export "
           "does not write";
  if (p == "env_threads")
    return "env_threads has no TensorIR equivalent: this schedule cannot be exported as a "
           "TensorIR schedule";
  return p + " has no TensorIR equivalent in this export";
}

// A located refusal for a workload construct, a primitive or a missing definition.
std::optional<Error> Refusal(const ScriptProgram& program) {
  const schedule::Schedule& sch = *program.schedule;
  for (const schedule::Stage& st : sch.stages) {
    if (!st->op) continue;
    te::OpKind kind = st->op->kind();
    if (kind == te::OpKind::Scan)
      return Error("te.scan '" + st->name() +
                       "' has no TensorIR equivalent (TensorIR has no "
                       "scan operation; te.create_prim_func refuses it)",
                   LocateText(program, "scan("));
    if (kind == te::OpKind::Extern)
      return Error("extern op '" + st->name() +
                       "' is not exported: its body is a packed call or "
                       "IR builder code that this export does not translate to TensorIR",
                   LocateText(program, "extern("));
  }
  const auto& entries = sch.trace.entries;
  for (size_t e = 0; e < entries.size(); ++e)
    if (!Mapped(entries[e].primitive))
      return Error(Unmapped(entries[e].primitive), LocateEntry(program, e));
  if (program.workload.empty())
    return Error(
        "the te definition is not written at module level before create_schedule, "
        "so the TensorIR program cannot repeat it",
        Fallback(program));
  return std::nullopt;
}

}  // namespace

SourceLoc LocateEntry(const ScriptProgram& program, size_t entry) {
  const auto& entries = program.schedule->trace.entries;
  if (entry >= entries.size()) return Fallback(program);
  const std::string& p = entries[entry].primitive;
  size_t occurrence = 0;
  for (size_t e = 0; e < entry; ++e) occurrence += entries[e].primitive == p;
  size_t at = FindOutsideComments(program.source, "." + p + "(", occurrence);
  return at == std::string::npos ? Fallback(program) : LocationOf(program, at + 1);
}

SourceLoc LocateText(const ScriptProgram& program, const std::string& needle) {
  size_t at = FindOutsideComments(program.source, needle, 0);
  return at == std::string::npos ? Fallback(program) : LocationOf(program, at);
}

}  // namespace tir_export

Result<std::string> ExportTirProgram(const ScriptProgram& program, TvmVersion version) {
  if (!program.schedule)
    return Error("the script creates no schedule (te.create_schedule) to export",
                 SourceLoc{program.file, 1, 1});
  if (auto refused = tir_export::Refusal(program)) return *refused;
  tir_export::TirSpelling spelling = tir_export::SpellingFor(version);
  auto schedule = tir_export::WriteTirSchedule(program, spelling);
  if (!schedule) return schedule.error();
  return tir_export::ProgramText(program, spelling, *schedule);
}

}  // namespace tessera::script
