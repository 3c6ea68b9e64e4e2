#include "EmulatorCheck.h"

#include "CliCommon.h"
#include "Execution.h"
#include "reference/EmulatorCheck.h"
#include "runtime/cuda/Emulator.h"

namespace tessera::cli {

// The checks themselves are the core's (reference/EmulatorCheck.h), shared with the
// GUI's Run ▸ Check on the GPU emulator; this prints their report.
int RunOnEmulator(const script::ScriptProgram& program, const runtime::ScalarArgs& vars,
                  uint64_t seed, bool check, std::ostream& out, std::ostream& err) {
  auto lowered = LowerProgram(program, "cuda", err);
  if (!lowered) return kBadInput;
  if (runtime::EmulatedCudaModule::Compiler().empty()) {
    err << "tessera-cli: not available: the GPU emulator needs a C++ compiler (c++, g++ or "
           "clang++) on PATH\n";
    return kUnavailable;
  }
  // The shape variables' values (and which were defaulted), as for any run.
  auto arguments = MakeArguments(program, lowered->func, vars, seed);
  if (!arguments) {
    err << "tessera-cli run: " << arguments.error().message << "\n";
    return kBadInput;
  }
  PrintScalarNotes(*arguments, out);
  reference::EmulatorCheckOptions options;
  options.seed = seed;
  options.check = check;
  auto report = reference::CheckOnEmulator(*program.schedule, program.Arguments(), *lowered,
                                           arguments->scalars, options);
  if (!report) {
    err << "tessera-cli run: " << report.error().message << "\n";
    return kBadInput;
  }
  out << report->text;
  if (!report->ran) {
    err << "tessera-cli run: " << report->run_error << "\n";
    return check ? kCheckFailed : kBadInput;
  }
  if (!report->ok()) {
    err << "tessera-cli run: --check on the GPU emulator found a problem\n";
    return kCheckFailed;
  }
  return kSuccess;
}

}  // namespace tessera::cli
