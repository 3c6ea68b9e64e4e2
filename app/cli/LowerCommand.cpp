// tessera-cli lower FILE [--target llvm|cuda|c] [--after PASS] [--keep-guards]
//
// Evaluates the script, lowers its schedule (Normalize, InferBound, ScheduleOps) and
// runs the lowering pipeline; prints the program after the last pass, or after PASS.
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "Execution.h"
#include "ScriptLoading.h"
#include "TensorIRCommands.h"
#include "codegen/cuda/CudaLowering.h"
#include "runtime/cuda/CudaModule.h"
#include "transform/Pipeline.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli lower FILE [--target llvm|cuda|c] [--after PASS] [--keep-guards] [--func NAME]

Prints the lowered loop program of the script's schedule. FILE is a script or the name
of a shipped example (see 'tessera-cli examples').

Options:
  --target T   llvm (default), cuda or c: the target the passes lower for
  --func NAME  the function of a TensorIR module (@I.ir_module, sch.mod) to use; needed
               when the module has several
  --keep-guards  leave the guards of if_then_else (an inlined padding stage's border
               test) in their loops, as TVM 0.19's lower does; by default LoopPartition
               cuts the loops where the guard is decided and tests row conditions once
  --after P    print the program after pass P instead of after the last pass;
               Input (= ScheduleOps, the loop program before any pass) or one of
               (the last three only with --target cuda):
               )";

// The passes `--after` accepts: the pipeline's, then (for --target cuda) the GPU passes.
std::vector<std::string> PassNames() {
  std::vector<std::string> names = transform::PipelinePassNames();
  for (const std::string& p : codegen::CudaPassNames()) names.push_back(p);
  return names;
}

std::string PassList() {
  std::string list;
  for (const std::string& p : PassNames()) list += (list.empty() ? "" : ", ") + p;
  return list;
}

}  // namespace

int LowerCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem =
          ParseArgs(argv, OptionSpec{{"--target", "--after", "--func"}, {"--keep-guards"}}, &args))
    return UsageError("lower", *problem, err);
  if (args.help) {
    out << kHelp << PassList() << "\n  -h, --help   show this help\n\nExit codes: 0 success, 1 bad "
        << "script (FILE:LINE:COL: error: ...), 2 usage.\n";
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError("lower", args.positional.empty() ? "missing FILE" : "expected one FILE", err);
  std::string target = args.value("--target", "llvm");
  if (target != "llvm" && target != "cuda" && target != "c")
    return UsageError("lower", "unknown target '" + target + "' (expected llvm, cuda or c)", err);
  std::string after = args.value("--after");
  if (after == "ScheduleOps") after = "Input";
  if (!after.empty() && after != "Input") {
    bool known = false;
    for (const std::string& p : PassNames()) known |= p == after;
    if (!known)
      return UsageError("lower",
                        "unknown pass '" + after + "' (expected Input or " + PassList() + ")", err);
  }

  int code = kSuccess;
  auto program = LoadScript("lower", args.positional[0], true, err, &code);
  if (!program) return code;
  if (int c = ChooseTensorIRFunction("lower", args, &*program, err)) return c;
  if (program->is_tensorir()) return TensorIRLower(*program, args, out, err);
  auto lowered = LowerProgram(*program, target, err, !args.has("--keep-guards"));
  if (!lowered) return kBadInput;
  std::vector<transform::PassRecord> timeline = lowered->timeline;
  if (target == "cuda") {
    auto gpu = codegen::LowerForCUDA(*lowered, runtime::CudaOptionsForDevice());
    if (!gpu) {
      err << program->file << ": error: " << gpu.error().message << "\n";
      return kBadInput;
    }
    timeline = gpu->timeline;
  }
  const transform::PassRecord* record = after.empty() ? &timeline.back() : nullptr;
  for (const transform::PassRecord& r : timeline)
    if (r.pass == after) record = &r;
  if (!record) {
    err << "tessera-cli lower: the pipeline stopped before pass '" << after << "'\n";
    return kBadInput;
  }
  out << record->ir;
  return kSuccess;
}

}  // namespace tessera::cli
