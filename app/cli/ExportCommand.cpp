// tessera-cli export FILE --format tvm|script|c|cuda|ptx|llvm|asm
//
// `script` prints the schedule as Tessera's script (the workload, create_schedule and
// one line per trace entry); `tvm` prints the same program for TVM (identical while the
// script uses no Tessera-only extension). `c` prints the C translation unit, `llvm` and
// `asm` the optimized LLVM IR and the host assembly (exit 4 in a build without LLVM),
// `cuda` the CUDA C++ of the kernels and `ptx` NVRTC's PTX (no GPU needed; exit 4 in a
// build without the CUDA toolkit).
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "Execution.h"
#include "ScriptLoading.h"
#include "codegen/CodeGenC.h"
#include "codegen/LLVMBackend.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"
#include "runtime/cuda/CudaModule.h"
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

Exit codes: 0 success, 1 bad script (or a schedule the target cannot run), 2 usage,
4 format not available in this build.
)";

// The generated code of `lowered` in `format` (c, cuda, ptx, llvm, asm).
Result<std::string> CodeText(const std::string& format, const transform::LoweredProgram& lowered) {
  if (format == "c") return codegen::CodeGenC(lowered.func);
  if (format == "llvm") return codegen::EmitLLVMIR(lowered.func);
  if (format == "asm") return codegen::EmitAssembly(lowered.func);
  // PTX through NVRTC needs no GPU; the architecture is the GPU's when there is one.
  codegen::CudaOptions options = runtime::CudaOptionsForDevice();
  auto source = codegen::EmitCUDASource(lowered, options);
  if (!source || format == "cuda") return source;
  return codegen::CompileToPTX(*source, options.arch);
}

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
  if (format == "ptx" && !codegen::NVRTCAvailable()) {
    err << "tessera-cli export: not available: " << codegen::NVRTCVersion() << ".\n";
    return kUnavailable;
  }
  if ((format == "llvm" || format == "asm") && !codegen::LLVMAvailable()) {
    err << "tessera-cli export: not available: this build has no LLVM backend.\n";
    return kUnavailable;
  }
  int exit_code = kSuccess;
  auto program = LoadScript("export", args.positional[0], code, err, &exit_code);
  if (!program) return exit_code;
  if (!code) {
    out << script::PrintScript(*program, format == "tvm" ? script::ScriptDialect::TVM
                                                       : script::ScriptDialect::Tessera);
    return kSuccess;
  }
  bool gpu = format == "cuda" || format == "ptx";
  auto lowered = LowerProgram(*program, gpu ? "cuda" : format == "c" ? "c" : "llvm", err);
  if (!lowered) return kBadInput;
  Result<std::string> text = CodeText(format, *lowered);
  if (!text) {
    err << "tessera-cli export: error: " << text.error().message << "\n";
    return kBadInput;
  }
  out << *text;
  if (!text->empty() && text->back() != '\n') out << "\n";
  return kSuccess;
}

}  // namespace tessera::cli
