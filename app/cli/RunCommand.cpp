// tessera-cli run FILE [--target llvm|cuda] [--check] [--var NAME=VALUE]... [--scalar
// NAME=VALUE]... [--seed N]
//
// Compiles the script's schedule, runs it once on random inputs and, with --check,
// compares every output with the te oracle (reference/Reference.h: the unscheduled compute
// definitions evaluated directly, so a bug in InferBound or a pass cannot hide in the
// reference too), printing the largest error; a mismatch exits with code 3.
#include <chrono>
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "EmulatorCheck.h"
#include "Execution.h"
#include "RunnerOptions.h"
#include "ScriptLoading.h"
#include "TensorIRCommands.h"
#include "reference/Compare.h"
#include "reference/Reference.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli run FILE [--target llvm|cuda|cuda-emulator] [--check] [--var NAME=VALUE]...
                         [--scalar NAME=VALUE]... [--seed N] [--func NAME]

Compiles the script's schedule and runs it once on random inputs (outputs start at 0).

Options:
  --target T       llvm (default, the CPU), cuda, or cuda-emulator: the CUDA kernels
                   run on the CPU (no GPU needed; keep shapes small); with --check also
                   races (outputs that change with the order of warps between barriers),
                   shuffle-mask errors and out-of-bounds writes, located on the kernel
  --check          also evaluate the te oracle (the unscheduled compute definitions) on
                   the same inputs and compare every output; prints the largest absolute
                   and relative error (padding cells of transformed layouts not compared)
  --var NAME=N     the value of shape variable NAME (default 64; repeatable)
  --scalar NAME=V  the value of scalar parameter NAME, a te.var the computation reads
                   and tvm.lower / tvm.build lists (b = te.var("b", dtype="float32")):
                   an integer, a float (2.5, 1e-3) or True/False; repeatable. Without
                   it a float scalar is 1.5, an integer one 3, a bool True; every such
                   value is printed as "scalar b = 1.5 (float32, default; ...", and
                   the oracle of --check reads the same values. A shape variable may
                   be given either way
  --seed N         seed of the random inputs (default 1)
  --func NAME      the function of a TensorIR module (@I.ir_module, sch.mod) to run;
                   needed when the module has several
  -h, --help       show this help

FILE may be a .tessera project: its saved target, shape variables are the defaults.

Exit codes: 0 success, 1 bad script or failed run, 2 usage, 3 --check mismatch,
4 target not available in this build.
)";

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

int RunCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem = ParseArgs(
          argv,
          OptionSpec{WithRunnerOptions({"--target", "--var", "--scalar", "--seed", "--func"}),
                     {"--check"}},
          &args))
    return UsageError("run", *problem, err);
  if (args.help) {
    out << kHelp << "\nRunner options:\n" << kRunnerHelp;
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError("run", args.positional.empty() ? "missing FILE" : "expected one FILE", err);
  std::map<std::string, int64_t> given_vars;
  if (auto problem = ParseVarValues(args.values("--var"), &given_vars))
    return UsageError("run", *problem, err);
  runtime::ScalarArgs given_scalars;
  if (auto problem = ParseScalarValues(args.values("--scalar"), &given_scalars))
    return UsageError("run", *problem, err);
  auto seed = ParseInteger(args.value("--seed", "1"));
  if (!seed) return UsageError("run", "--seed expects an integer", err);

  int code = kSuccess;
  // A project's saved settings are the defaults; the command line overrides them.
  project::TargetSettings settings;
  auto program = LoadScript("run", args.positional[0], true, err, &code, &settings);
  if (!program) return code;
  if (int c = ChooseTensorIRFunction("run", args, &*program, err)) return c;
  if (program->is_tensorir()) return TensorIRRun(*program, args, out, err);
  std::string target = args.value("--target", settings.target);
  if (target != "llvm" && target != "cuda" && target != "cuda-emulator")
    return UsageError(
        "run", "unknown target '" + target + "' (expected llvm, cuda or cuda-emulator)", err);
  runtime::ScalarArgs vars(settings.vars.begin(), settings.vars.end());
  for (const auto& [name, value] : given_vars) vars[name] = value;
  for (const auto& [name, value] : given_scalars) vars[name] = value;
  if (args.has("--runner")) {
    auto integers = IntegerScalars(vars);
    if (!integers)
      return UsageError("run", "--runner passes integer values only; " + integers.error().message,
                        err);
    return RunThroughRunner({.command = "run",
                             .file = args.positional[0],
                             .target = target,
                             .vars = *integers,
                             .check = args.has("--check")},
                            *program, args, out, err);
  }
  if (target == "cuda-emulator")
    return RunOnEmulator(*program, vars, static_cast<uint64_t>(*seed), args.has("--check"), out,
                         err);
  auto lowered = LowerProgram(*program, target, err);
  if (!lowered) return kBadInput;
  if (auto problem = CheckScalarNames(lowered->func, given_scalars))
    return UsageError("run", *problem, err);
  auto kernel = BuildKernel(*lowered, target, err, &code);
  if (!kernel) return code;
  auto arguments = MakeArguments(*program, lowered->func, vars, static_cast<uint64_t>(*seed));
  if (!arguments) return UsageError("run", arguments.error().message, err);
  PrintScalarNotes(arguments->scalars, out);
  auto start = std::chrono::steady_clock::now();
  if (auto st = kernel->call(*arguments); !st) {
    err << "tessera-cli run: the kernel failed: " << st.error().message << "\n";
    return kBadInput;
  }
  out << lowered->func.name << " on " << kernel->target << ": compiled in " << kernel->compile_ms
      << " ms, ran in " << MillisecondsSince(start) << " ms\n";
  if (!args.has("--check")) return kSuccess;

  auto start_check = std::chrono::steady_clock::now();
  auto checks = reference::CheckAgainstReference(*program->schedule, program->Arguments(),
                                                 arguments->buffers, arguments->scalars.values);
  if (!checks) {
    err << "tessera-cli run: the reference failed: " << checks.error().message << "\n";
    return kBadInput;
  }
  bool all_ok = true;
  std::vector<te::Tensor> tensors = program->Arguments();
  out << "check against the reference (reference: te oracle, " << MillisecondsSince(start_check)
      << " ms):\n";
  for (const reference::OutputCheck& c : *checks) {
    all_ok &= c.result.ok();
    std::string type;
    for (size_t i = 0; i < tensors.size() && i < arguments->buffers.size(); ++i)
      if (tensors[i].name() == c.tensor) type = arguments->buffers[i].TypeString();
    out << "  " << c.tensor << " " << type << ": " << c.result.str() << "\n";
  }
  if (!all_ok) {
    err << "tessera-cli run: --check found a mismatch\n";
    return kCheckFailed;
  }
  return kSuccess;
}

}  // namespace tessera::cli
