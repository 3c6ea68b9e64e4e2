// TuningRecord: one measured candidate schedule, as the records database keeps it
// (TVM MetaSchedule's TuningRecord: workload, trace, run times, target, machine).
// The schedule is stored as a complete script (te definition + schedule), the same text
// a user can open, run or paste into TVM.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::tune {

// What happened to a candidate. Only kOk records have meaningful timings.
inline constexpr const char* kStatusOk = "ok";

struct TuningRecord {
  int64_t id = 0;             // the database's row id (0 before it is stored)
  std::string workload;       // WorkloadFingerprint::hash
  std::string workload_name;  // WorkloadFingerprint::name (for people)
  std::string target;         // "llvm", "cuda"
  std::string machine_key;    // MachineSignature::Key(): records are valid only where it matches
  std::string machine_json;   // the full signature (CPU model, ISA features, cores) as JSON
  std::string schedule_hash;  // HashText(script): the same schedule is measured once per machine
  std::string script;         // the candidate: workload + schedule as a script
  std::string status =
      kStatusOk;        // "ok", "build_error", "run_error", "timeout", "crash", "mismatch"
  std::string message;  // the error, when status is not ok
  std::vector<double> times_ms;
  double min_ms = 0.0;
  double median_ms = 0.0;
  double gflops = 0.0;
  double max_error = 0.0;
  bool checked = false;  // compared with the te oracle (and matched, when status is ok)
  std::string source;    // who proposed it: "input", "random", "evolution", "import"
  int64_t created = 0;   // unix time (seconds) when it was measured
};

}  // namespace tessera::tune
