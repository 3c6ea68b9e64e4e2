// TirCase: the differential test of TensorIR. A workload's te program becomes a
// PrimFunc (tir::CreatePrimFunc); random tir.Schedule primitives, each chosen by looking
// at the function as it is now, are applied; the result is lowered (LowerTensorIR), run
// by the IR interpreter and, where LLVM is available, compiled, and its outputs are
// compared with the te oracle. A primitive the schedule refuses is skipped, and must
// have left the function and the trace exactly as they were (otherwise the case fails
// at stage "refusal").
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tessera::difftest {

struct TirCaseOptions {
  int min_steps = 1;
  int max_steps = 8;
};

struct TirCaseResult {
  std::string workload;
  uint64_t seed = 0;
  // False when CreatePrimFunc does not take the workload (scan, multi-output, ...): the
  // case did not run.
  bool supported = true;
  int applied = 0;                                  // primitives the schedule accepted
  int refused = 0;                                  // primitives it refused (an Error)
  std::map<std::string, int> applied_by_primitive;  // "split" -> 2
  bool passed = false;
  // Where it failed: "workload", "refusal", "lower", "interpret", "compile", "run",
  // "check"; with the message saying why.
  std::string stage, message;
  std::string script;  // the workload's te script (the case's inputs)
  std::string trace;   // the schedule as TVM prints `sch.trace`
  std::string func;    // the scheduled function as TVMScript
};

TirCaseResult RunTirCase(const std::string& workload, uint64_t seed,
                         const TirCaseOptions& options = {});

// A failing case as text: what failed, the trace and the scheduled function.
std::string TirReproducerText(const TirCaseResult& r);

}  // namespace tessera::difftest
