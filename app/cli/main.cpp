// tessera-cli: the headless command line (DESIGN.md, "The command line" — a stable
// contract). Qt-free; links only tessera_core. This file only dispatches to the
// subcommands (Commands.h) and prints the top-level help.
#include <iostream>
#include <string>
#include <vector>

#include "CliCommon.h"
#include "Commands.h"
#include "codegen/CpuTarget.h"
#include "tuning_api/TuningApis.h"

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli COMMAND [ARGS...]

Commands:
  lower FILE [--target llvm|cuda|c] [--after PASS]   the lowered loop program
  bounds FILE [--json]                               InferBound: ranges, realize regions
  layout FILE --buffer NAME [--json]                 a buffer's logical/physical layout
  simplify EXPR [--assume COND]...                   simplify an expression
  run FILE [--target llvm|cuda] [--check]            run on random inputs
  profile FILE [--target ...] [--repeat N] [--json]  time, GFLOP/s, GB/s
  export FILE --format tvm|script|c|cuda|ptx|llvm|asm
  examples                                           list the shipped example scripts
  tune FILE [--trials N] [--time-budget S] [--db DB] search this machine for the best schedule
  measure BATCH.json [--out DIR]                     measure a batch of candidates here

FILE is a script (a TVM tensor-expression program) or the name of a shipped example.
Run 'tessera-cli COMMAND --help' for a command's options.

--target "llvm -mcpu=NAME" (any command; e.g. haswell, x86-64-v3) compiles for that CPU
and sizes schedules and records for its vector width instead of this machine's: an
AVX-512 machine measures AVX2 code. Same as the environment variable TESSERA_TARGET.

Exit codes: 0 success, 1 bad input, 2 usage, 3 --check mismatch, 4 not available.
)";

}  // namespace

int main(int argc, char** argv) {
  using namespace tessera::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kHelp;
    return kUsage;
  }
  std::string command = args.front();
  args.erase(args.begin());
  // A CPU named in --target (codegen/CpuTarget.h) is set for the whole process and the
  // workers it starts before anything reads the host; the commands see plain "llvm".
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--target" && args[i + 1].rfind("llvm ", 0) == 0) {
      if (tessera::Status st = tessera::codegen::SetCpuTargetEnvironment(args[i + 1]); !st) {
        std::cerr << "tessera-cli " << command << ": " << st.error().message << "\n";
        return kUsage;
      }
      args[i + 1] = "llvm";
    }
  // Scripts evaluated by any command may call TVM's tuning APIs, and here they tune.
  tessera::tuning_api::RegisterTuningApis();
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kHelp;
    return kSuccess;
  }
  if (command == "simplify") return SimplifyCommand(args, std::cout, std::cerr);
  if (command == "examples") return ExamplesCommand(args, std::cout, std::cerr);
  if (command == "lower") return LowerCommand(args, std::cout, std::cerr);
  if (command == "bounds") return BoundsCommand(args, std::cout, std::cerr);
  if (command == "export") return ExportCommand(args, std::cout, std::cerr);
  if (command == "run") return RunCommand(args, std::cout, std::cerr);
  if (command == "profile") return ProfileCommand(args, std::cout, std::cerr);
  if (command == "layout") return LayoutCommand(args, std::cout, std::cerr);
  if (command == "tune") return TuneCommand(args, std::cout, std::cerr);
  if (command == "measure") return MeasureCommand(args, std::cout, std::cerr);
  std::cerr << "tessera-cli: unknown command '" << command << "'\n"
            << "Run 'tessera-cli --help' for the list of commands.\n";
  return kUsage;
}
