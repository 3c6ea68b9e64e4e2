// ProjectFile: a Tessera project (`.tessera`), the workload script with its schedule,
// the trace of primitives, the GUI's view state and the target settings, stored as JSON:
//   {"format": "tessera-project", "version": 1, "script": "...", "trace": ["..."],
//    "view_state": {...}, "target": {"target": "llvm", "vars": {"n": 1024},
//                                    "threads": 0, "repeat": 10,
//                                    "runner": {"kind": "slurm", "partition": "gpu", "gres":
//                                    "gpu:1",
//                                               "time": "10", "account": "", "extra": "",
//                                               "workdir": "/shared/tessera-runs"}}}
// The script is authoritative on load; the trace is for people and tools. Unknown or
// corrupt files are refused with "FILE: error: ..." messages, and a project whose script
// does not evaluate is refused with the script's own FILE:LINE:COL error.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "support/Result.h"

namespace tessera::script {
struct ScriptProgram;
}

namespace tessera::project {

inline constexpr int kProjectFormatVersion = 1;
inline constexpr const char* kProjectFormatName = "tessera-project";
// Larger files are refused before parsing (no project comes near this).
inline constexpr std::size_t kMaxProjectBytes = std::size_t{64} << 20;

// Where Run, Profile and Tune measure (core/runner's RunnerOptions as the user sets them):
// here ("local") or on a cluster node through Slurm. Empty strings leave Slurm's defaults.
struct RunnerSettings {
  std::string kind = "local";  // "local" | "slurm"
  std::string partition, gres, time_limit, account;
  std::string extra;    // more sbatch options, separated by spaces
  std::string workdir;  // "" = a fresh folder under $TMPDIR (Slurm: must be shared with the nodes)
  bool operator==(const RunnerSettings&) const = default;
};

// What Run and Profile use.
struct TargetSettings {
  std::string target = "llvm";          // "llvm" | "cuda"
  std::map<std::string, int64_t> vars;  // shape variable values
  int threads = 0;                      // 0 = all
  int repeat = 10;                      // profile repeats
  RunnerSettings runner;                // where they run
};

struct ProjectFile {
  std::string script;                  // the whole script (workload + schedule), as printed
  std::vector<std::string> trace;      // one script line per primitive, in order (for humans
                                       // and tools; the script is authoritative on load); a
                                       // TensorIR document's: its trace as TVM prints it
  std::string view_state_json = "{}";  // an opaque JSON object owned by the GUI
  TargetSettings target;
  std::string source_path;  // where it was loaded from (not saved)
};

// Pretty JSON with a stable key order; ends with a newline.
std::string SerializeProject(const ProjectFile& p);

// Parses and checks a project's JSON text, then evaluates its script (errors in the
// script are reported at their FILE:LINE:COL, with `file` as FILE). `file` names the
// text in messages.
Result<ProjectFile> ParseProject(std::string_view text, const std::string& file);

// Only the JSON layer of ParseProject: the format, the version and the fields, without
// evaluating the script (the fuzzer and tools that only read use this).
Result<ProjectFile> ParseProjectJson(std::string_view text, const std::string& file);

// Reads `path` (refusing files over kMaxProjectBytes) and parses it; source_path is set.
Result<ProjectFile> LoadProject(const std::string& path);

// Writes a temporary file in the same directory, fsyncs it and renames it over `path`:
// the old file survives any failure.
Status SaveProject(const std::string& path, const ProjectFile& p);

// A project holding `program`'s printed script and its trace lines (default view state
// and target settings); what `tessera-cli export --format project` writes.
ProjectFile ProjectFromProgram(const script::ScriptProgram& program);

// True when `path` names a project file (ends with ".tessera").
bool IsProjectPath(std::string_view path);

}  // namespace tessera::project
