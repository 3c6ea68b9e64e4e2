// tessera-cli export FILE --format tvm|tir|script|project|c|cuda|ptx|llvm|asm [-o OUT]
//
// `tir` prints the schedule as a TensorIR schedule program for TVM >= 0.20 (which has
// no TE schedules): `--tvm 0.20` .. `0.26` picks the release's spellings (default 0.26);
// a schedule without a TensorIR equivalent is refused, located (script/tvm/TirExport.h).
// `script` prints the schedule as Tessera's script (the workload, create_schedule and
// one line per trace entry); `tvm` prints the same program for TVM (identical while the
// script uses no Tessera-only extension). `c` prints the C translation unit, `llvm` and
// `asm` the optimized LLVM IR and the host assembly (exit 4 in a build without LLVM),
// `cuda` the CUDA C++ of the kernels and `ptx` NVRTC's PTX (no GPU needed; exit 4 in a
// build without the CUDA toolkit). `project` writes a .tessera project file holding the
// printed script and its trace (saved atomically with -o). `asm --mca` prints the
// assembly with its loop locations (.loc lines name the loop) after a header giving
// each innermost loop's static throughput from LLVM's MCA (codegen/LoopThroughput.h).
#include <fstream>
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "Execution.h"
#include "ScriptLoading.h"
#include "TensorIRCommands.h"
#include "codegen/CodeGenC.h"
#include "codegen/LLVMBackend.h"
#include "codegen/LoopThroughput.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"
#include "project/ProjectFile.h"
#include "runtime/cuda/CudaModule.h"
#include "script/export/ScriptPrinter.h"
#include "script/export/TirExport.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli export FILE --format tvm|tir|script|project|c|cuda|ptx|llvm|asm [--tvm V] [--mca] [-o OUT]
                          [--func NAME]

Prints an artefact of the script's schedule (FILE: a script, a .tessera project or
a shipped example's name):
  script   the Tessera script: workload, create_schedule, one line per primitive
  tvm      the same as a TVM tensor-expression program (TVM <= 0.19)
  tir      a TensorIR schedule program for TVM >= 0.20: the te definition,
           te.create_prim_func, the schedule as tir/s_tir.Schedule calls, a build,
           a run on random data and a check against the unscheduled function
           (of a TensorIR document: its function as TVMScript, its trace as
           apply_trace, the same build, run and check)
  tvmscript  a TensorIR document's scheduled module as TVM prints it (sch.mod.script())
  project  a Tessera project file (.tessera, JSON): the script and its trace
  c, cuda, ptx, llvm, asm   generated code (needs the code generators of this build)

Options:
  --format F        the artefact (required)
  --tvm V           with tir and tvmscript: the TVM release, 0.20 .. 0.26 (default
                    0.26; from 0.24 on TVMScript says T.sblock and tirx)
  --mca             with asm: first, as comments, each innermost loop's static
                    throughput (cycles per iteration and the bottleneck, LLVM's MCA
                    on the host CPU's scheduling model)
  -o, --output OUT  write to OUT instead of standard output (a project atomically)
  --func NAME       the function of a TensorIR module (@I.ir_module, sch.mod) to
                    export; needed when the module has several
  -h, --help        show this help

Exit codes: 0 success, 1 bad script (or a schedule the target cannot run, or OUT
cannot be written), 2 usage, 4 format not available in this build.
)";

// "-o X" is spelled "--output X" for the option parser (which reads only long options).
Argv SpellOutputOption(const Argv& argv) {
  Argv out = argv;
  for (std::string& arg : out) {
    if (arg == "--") break;
    if (arg == "-o") arg = "--output";
  }
  return out;
}

// Writes `text` to standard output or to the file `path`.
int WriteOutput(const std::string& path, const std::string& text, std::ostream& out,
                std::ostream& err) {
  if (path.empty()) {
    out << text;
    return kSuccess;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!(file << text) || !file.flush()) {
    err << "tessera-cli export: error: cannot write '" << path << "'\n";
    return kBadInput;
  }
  return kSuccess;
}

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

// The assembly with loop locations, after one comment line per innermost loop.
Result<std::string> AssemblyWithThroughput(const transform::LoweredProgram& lowered) {
  codegen::LoopLines lines;
  auto assembly = codegen::EmitAssembly(lowered.func, {}, &lines);
  if (!assembly) return assembly;
  std::vector<codegen::LoopThroughput> loops = codegen::EstimateLoopThroughput(*assembly, lines);
  std::string head =
      "# Static throughput of each innermost loop (LLVM MCA; one iteration of the machine loop):\n";
  for (const codegen::LoopThroughput& t : loops)
    head += "#   " + (t.stage.empty() ? std::string() : t.stage + ".") + t.var + " (loop " +
            std::to_string(t.loop) + "): " + t.estimate.Describe() + "\n";
  if (loops.empty()) head += "#   (no innermost machine loop)\n";
  head +=
      "# `.loc 1 N` lines: the instructions that follow belong to loop N (pre-order over the loop "
      "nest).\n";
  return head + *assembly;
}

// The text of the script `arg` names (a project's script), which locates a refusal of
// the TensorIR export; empty when it cannot be read again.
std::string ScriptText(const std::string& arg) {
  auto path = ResolveScript(arg);
  if (!path) return "";
  if (project::IsProjectPath(path->string())) {
    auto project = project::LoadProject(path->string());
    return project ? project->script : "";
  }
  std::string problem;
  auto text = ReadFile(*path, &problem);
  return text ? *text : "";
}

}  // namespace

int ExportCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem =
          ParseArgs(SpellOutputOption(argv),
                    OptionSpec{{"--format", "--output", "--tvm", "--func"}, {"--mca"}}, &args))
    return UsageError("export", *problem, err);
  if (args.help) {
    out << kHelp;
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError("export", args.positional.empty() ? "missing FILE" : "expected one FILE",
                      err);
  std::string format = args.value("--format");
  if (format.empty()) return UsageError("export", "missing --format", err);
  bool code =
      format == "c" || format == "cuda" || format == "ptx" || format == "llvm" || format == "asm";
  if (format != "tvm" && format != "tir" && format != "tvmscript" && format != "script" &&
      format != "project" && !code)
    return UsageError("export",
                      "unknown format '" + format +
                          "' (expected tvm, tir, tvmscript, script, project, c, cuda, ptx, llvm "
                          "or asm)",
                      err);
  script::TvmVersion tvm_version;
  if (args.has("--tvm")) {
    if (format != "tir" && format != "tvmscript")
      return UsageError("export", "--tvm goes with --format tir or tvmscript", err);
    auto parsed = script::ParseTvmVersion(args.value("--tvm"));
    if (!parsed) return UsageError("export", parsed.error().message, err);
    tvm_version = *parsed;
  }
  std::string output = args.value("--output");
  if (args.has("--mca") && format != "asm")
    return UsageError("export", "--mca goes with --format asm", err);
  if (format == "ptx" && !codegen::NVRTCAvailable()) {
    err << "tessera-cli export: not available: " << codegen::NVRTCVersion() << ".\n";
    return kUnavailable;
  }
  if ((format == "llvm" || format == "asm") && !codegen::LLVMAvailable()) {
    err << "tessera-cli export: not available: this build has no LLVM backend.\n";
    return kUnavailable;
  }
  int exit_code = kSuccess;
  auto program =
      LoadScript("export", args.positional[0], code || format == "tvmscript", err, &exit_code);
  if (!program) return exit_code;
  if (int c = ChooseTensorIRFunction("export", args, &*program, err)) return c;
  if (program->is_tensorir()) {
    std::string text;
    if (args.has("--mca"))
      return UsageError("export", "--mca is not available for TensorIR documents yet", err);
    int status = TensorIRExport(*program, format, tvm_version, &text, err);
    return status == kSuccess ? WriteOutput(output, text, out, err) : status;
  }
  if (format == "tvmscript") {
    err << "tessera-cli export: --format tvmscript prints a TensorIR document (a script whose "
           "last schedule is a tir.Schedule); "
        << program->file << " schedules with te.create_schedule: use --format tir\n";
    return kBadInput;
  }
  if (format == "project") {
    project::ProjectFile project = project::ProjectFromProgram(*program);
    if (output.empty()) return WriteOutput(output, project::SerializeProject(project), out, err);
    if (Status saved = project::SaveProject(output, project); !saved.ok()) {
      err << "tessera-cli export: " << saved.error().format() << "\n";
      return kBadInput;
    }
    return kSuccess;
  }
  if (format == "tir") {
    auto text = script::ExportTirProgram(*program, tvm_version, ScriptText(args.positional[0]));
    if (!text) {
      err << text.error().format() << "\n";
      return kBadInput;
    }
    return WriteOutput(output, *text, out, err);
  }
  if (!code) {
    return WriteOutput(
        output,
        script::PrintScript(*program, format == "tvm" ? script::ScriptDialect::TVM
                                                      : script::ScriptDialect::Tessera),
        out, err);
  }
  bool gpu = format == "cuda" || format == "ptx";
  auto lowered = LowerProgram(*program, gpu ? "cuda" : format == "c" ? "c" : "llvm", err);
  if (!lowered) return kBadInput;
  Result<std::string> text =
      args.has("--mca") ? AssemblyWithThroughput(*lowered) : CodeText(format, *lowered);
  if (!text) {
    err << "tessera-cli export: error: " << text.error().message << "\n";
    return kBadInput;
  }
  if (!text->empty() && text->back() != '\n') *text += "\n";
  return WriteOutput(output, *text, out, err);
}

}  // namespace tessera::cli
