// tessera-cli export FILE --format tvm|script|c|cuda|ptx|llvm|asm
//
// `script` prints the schedule as Tessera's script (the workload, create_schedule and
// one line per trace entry); `tvm` prints the same program for TVM (identical while the
// script uses no Tessera-only extension). The code formats need the code generators and
// answer "not available" (exit 4) until they are built.
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "ScriptLoading.h"
#include "script/ScriptPrinter.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli export FILE --format tvm|script|c|cuda|ptx|llvm|asm

Prints an artefact of the script's schedule:
  script   the Tessera script: workload, create_schedule, one line per primitive
  tvm      the same as a TVM tensor-expression program
  c, cuda, ptx, llvm, asm   generated code (needs the code generators of this build)

Options:
  --format F   the artefact (required)
  -h, --help   show this help

Exit codes: 0 success, 1 bad script, 2 usage, 4 format not available in this build.
)";

}  // namespace

int ExportCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem = ParseArgs(argv, OptionSpec{{"--format"}, {}}, &args))
    return UsageError("export", *problem, err);
  if (args.help) {
    out << kHelp;
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError("export", args.positional.empty() ? "missing FILE" : "expected one FILE", err);
  std::string format = args.value("--format");
  if (format.empty()) return UsageError("export", "missing --format", err);
  bool code = format == "c" || format == "cuda" || format == "ptx" || format == "llvm" ||
              format == "asm";
  if (format != "tvm" && format != "script" && !code)
    return UsageError("export", "unknown format '" + format +
                                    "' (expected tvm, script, c, cuda, ptx, llvm or asm)",
                      err);
  if (code) {
    err << "tessera-cli export: not available: the " << format
        << " code generator is not built yet.\n";
    return kUnavailable;
  }
  int exit_code = kSuccess;
  auto program = LoadScript("export", args.positional[0], false, err, &exit_code);
  if (!program) return exit_code;
  out << script::PrintScript(*program);
  return kSuccess;
}

}  // namespace tessera::cli
