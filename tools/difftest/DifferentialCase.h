// DifferentialCase: one script run end to end and checked — evaluate, printer fixed
// point, lower (transform::LowerSchedule), compile with LLVM, run on random inputs
// (runtime::MakeKernelArguments, physical arrays for transformed layouts) and compare
// every output with the oracle (reference::CheckAgainstReference), which evaluates the
// compute definitions without any schedule.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "reference/Reference.h"
#include "schedule/Schedule.h"

namespace tessera::difftest {

struct CaseResult {
  bool passed = false;
  std::string stage;    // where it failed: "evaluate", "print", "lower", "compile", "interpret",
                        // "run", "check"
  std::string message;  // why (empty when passed)
};

CaseResult RunScript(const std::string& script, const std::map<std::string, int64_t>& vars,
                     uint64_t input_seed = 1);

// The one place the reference is chosen: compares the outputs among `buffers` (the
// kernel's arrays after the call, physical where `sch` transformed the layout) with the
// reference evaluated on the same inputs.
Result<std::vector<reference::OutputCheck>> CheckOutputs(
    const schedule::Schedule& sch, const std::vector<te::Tensor>& args,
    const std::vector<runtime::NDArray>& buffers, const runtime::ScalarArgs& vars);

// The script of a failing case as a reproducer: a header saying how to run it, then
// the script.
std::string ReproducerText(const std::string& script, const std::map<std::string, int64_t>& vars,
                           const std::string& why);

}  // namespace tessera::difftest
