// tessera-cli bounds FILE [--json] [--tvm]
//
// Prints InferBound's result for every stage: iter-var ranges, the realize region per
// iteration of the attach point, the attach point, and computed vs required elements
// (over-computation, the InferBound document's Ex. 6).
#include <cstdio>
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "Execution.h"
#include "ScriptLoading.h"
#include "TensorIRCommands.h"
#include "analysis/Footprint.h"
#include "schedule/BoundsReport.h"
#include "schedule/ScheduleOps.h"
#include "support/Json.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli bounds FILE [--json] [--tvm] [--var NAME=VALUE]... [--func NAME]

Prints the InferBound result of the script's schedule: for every stage its attach
point, its realize region (per iteration of the attach point, with the largest extent),
every iter var's range, and the elements computed vs required.

Options:
  --json       print the result as JSON (the shape documented in DESIGN.md), with
               "cache_fit": the bytes one iteration of each loop touches per buffer
               (bytes and cache-line bytes) and the innermost cache that holds them
  --var NAME=N the value of shape variable NAME for the footprints (repeatable;
               without one, loops over a symbolic shape have null footprints)
  --tvm        reproduce TVM's InferBound exactly (with the limitations of PassUpDomain
               that the InferBound document describes) instead of Tessera's
  --func NAME  the function of a TensorIR module (@I.ir_module, sch.mod) to use; needed
               when the module has several
  -h, --help   show this help

Exit codes: 0 success, 1 bad script (FILE:LINE:COL: error: ...), 2 usage.
)";

// {"caches": ..., "loops": [...]} of the loop program (analysis/Footprint.h), or "null"
// when the schedule does not lower.
std::string CacheFitJson(const schedule::Schedule& sch,
                         const std::map<std::string, int64_t>& vars) {
  auto program = schedule::Lower(sch);
  if (!program) return "null";
  const analysis::CacheHierarchy& caches = analysis::HostCacheHierarchy();
  analysis::FootprintOptions options;
  options.shape_values = vars;
  options.line_size = caches.line_bytes;
  return analysis::LoopFootprintsJson(analysis::LoopFootprints(*program, caches, options), caches,
                                      0);
}

// `json` (an object) with one more member at its end; the text before stays as it was.
std::string WithMember(std::string json, const std::string& key, const std::string& value) {
  size_t close = json.rfind('}');
  if (close == std::string::npos || close == 0) return json;
  size_t last = json.find_last_not_of(" \n", close - 1);
  if (last == std::string::npos) return json;
  std::string comma = json[last] == '{' ? "" : ",";
  json.insert(last + 1, comma + "\n  " + JsonQuote(key) + ": " + value);
  return json;
}

std::string Count(const std::optional<int64_t>& n) { return n ? std::to_string(*n) : "unknown"; }

void PrintStage(const schedule::StageBounds& s, std::ostream& out) {
  out << s.name << " (" << s.op << (s.is_output ? ", output" : "") << ")";
  if (s.attach_type == "scope")
    out << " computed at " << s.attach_stage << "." << s.attach_iter_var;
  else
    out << " at " << s.attach_type;
  if (!s.scope.empty()) out << ", scope " << s.scope;
  out << "\n";
  if (!s.realize.empty()) {
    out << "  realize:";
    for (const schedule::RealizeDim& d : s.realize) {
      out << " [" << d.min << ", " << d.extent << "]";
      if (d.max_extent && d.extent != std::to_string(*d.max_extent))
        out << " (max " << *d.max_extent << ")";
    }
    out << "\n";
  }
  for (const schedule::IterVarBound& iv : s.iter_vars) {
    out << "  " << iv.name << ": min " << iv.min << ", extent " << iv.extent << ", " << iv.kind;
    if (!iv.thread.empty()) out << ", bound to " << iv.thread;
    if (iv.leaf) out << ", leaf";
    out << "\n";
  }
  if (s.op == "placeholder") return;
  out << "  elements: computed " << Count(s.computed_elements) << ", required "
      << Count(s.required_elements);
  if (auto r = s.overcompute(); r && *r > 1.0) {
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.2f", *r);
    out << " (" << ratio << "x over-computation)";
  }
  out << "\n";
}

}  // namespace

int BoundsCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem = ParseArgs(argv, OptionSpec{{"--var", "--func"}, {"--json", "--tvm"}}, &args))
    return UsageError("bounds", *problem, err);
  if (args.help) {
    out << kHelp;
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError("bounds", args.positional.empty() ? "missing FILE" : "expected one FILE",
                      err);
  std::map<std::string, int64_t> vars;
  if (auto problem = ParseVarValues(args.values("--var"), &vars))
    return UsageError("bounds", *problem, err);
  int code = kSuccess;
  auto program = LoadScript("bounds", args.positional[0], true, err, &code);
  if (!program) return code;
  if (int c = ChooseTensorIRFunction("bounds", args, &*program, err)) return c;
  if (program->is_tensorir()) return TensorIRBounds(*program, args, out, err);
  schedule::InferBoundOptions options;
  if (args.has("--tvm")) options = schedule::InferBoundOptions::TVM();
  auto report = schedule::MakeBoundsReport(*program->schedule, options);
  if (!report) {
    err << program->file << ": error: " << report.error().message << "\n";
    return kBadInput;
  }
  if (args.has("--json")) {
    out << WithMember(schedule::ToJson(*report), "cache_fit",
                      CacheFitJson(*program->schedule, vars))
        << "\n";
    return kSuccess;
  }
  for (size_t i = 0; i < report->stages.size(); ++i) {
    if (i) out << "\n";
    PrintStage(report->stages[i], out);
  }
  return kSuccess;
}

}  // namespace tessera::cli
