#include "EmulatorCheck.h"

#include "CliCommon.h"
#include "Execution.h"
#include "reference/EmulatorCheck.h"
#include "reference/TirEmulatorCheck.h"
#include "runtime/cuda/Emulator.h"

namespace tessera::cli {

namespace {

// The checks themselves are the core's (reference/EmulatorRun.h), shared with the GUI's
// Run ▸ Check on the GPU Emulator; a te schedule and a TensorIR document are run and
// reported the same way.

// False, with the reason on `err`, when there is no host compiler for the kernels.
bool EmulatorAvailable(std::ostream& err) {
  if (!runtime::EmulatedCudaModule::Compiler().empty()) return true;
  err << "tessera-cli: not available: the GPU emulator needs a C++ compiler (c++, g++ or "
         "clang++) on PATH\n";
  return false;
}

reference::EmulatorCheckOptions Options(uint64_t seed, bool check) {
  reference::EmulatorCheckOptions options;
  options.seed = seed;
  options.check = check;
  return options;
}

// Prints the report; the exit code.
int ReportEmulatorRun(const Result<reference::EmulatorReport>& report, bool check,
                      std::ostream& out, std::ostream& err) {
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

}  // namespace

int RunOnEmulator(const script::ScriptProgram& program, const runtime::ScalarArgs& vars,
                  uint64_t seed, bool check, std::ostream& out, std::ostream& err) {
  auto lowered = LowerProgram(program, "cuda", err);
  if (!lowered) return kBadInput;
  if (!EmulatorAvailable(err)) return kUnavailable;
  // The shape variables' values (and which were defaulted), as for any run.
  auto arguments = MakeArguments(program, lowered->func, vars, seed);
  if (!arguments) {
    err << "tessera-cli run: " << arguments.error().message << "\n";
    return kBadInput;
  }
  PrintScalarNotes(arguments->scalars, out);
  return ReportEmulatorRun(
      reference::CheckOnEmulator(*program.schedule, program.Arguments(), *lowered,
                                 arguments->scalars.values, Options(seed, check)),
      check, out, err);
}

int RunTirOnEmulator(const script::ScriptProgram& program, const transform::LoweredProgram& lowered,
                     const reference::TirArguments& arguments, uint64_t seed, bool check,
                     std::ostream& out, std::ostream& err) {
  if (!EmulatorAvailable(err)) return kUnavailable;
  return ReportEmulatorRun(
      reference::CheckTirOnEmulator(program.tir_schedule->func(), program.tir_original,
                                    program.tir_te_args, lowered, arguments, Options(seed, check)),
      check, out, err);
}

}  // namespace tessera::cli
