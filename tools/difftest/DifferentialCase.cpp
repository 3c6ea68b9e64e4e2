#include "DifferentialCase.h"

#include <sstream>

#include "runtime/KernelArguments.h"
#include "runtime/LLVMModule.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "transform/LowerSchedule.h"

namespace tessera::difftest {

namespace {

CaseResult Fail(std::string stage, std::string message) {
  return CaseResult{false, std::move(stage), std::move(message)};
}

// Which layer a mismatch comes from: the IR interpreter runs the same lowered program;
// when it agrees with the reference the backend miscompiled it, otherwise the lowering
// (schedule or passes) is wrong.
std::string Blame(const schedule::Schedule& sch, const std::vector<te::Tensor>& args,
                  const transform::LoweredProgram& lowered, const runtime::ScalarArgs& scalars,
                  uint64_t input_seed) {
  auto buffers = runtime::MakeKernelArguments(sch, args, lowered.func, scalars, input_seed);
  if (!buffers) return "cannot tell: " + buffers.error().message;
  if (Status st = runtime::Interpret(lowered.func, *buffers, scalars); !st)
    return "the interpreter fails on the lowered program: " + st.error().message;
  auto checks = CheckOutputs(sch, args, *buffers, scalars);
  if (!checks) return "cannot tell: " + checks.error().message;
  for (const reference::OutputCheck& c : *checks)
    if (!c.result.ok()) return "the lowered program is wrong too: a lowering bug";
  return "the interpreter agrees with the reference: a backend bug";
}

}  // namespace

Result<std::vector<reference::OutputCheck>> CheckOutputs(
    const schedule::Schedule& sch, const std::vector<te::Tensor>& args,
    const std::vector<runtime::NDArray>& buffers, const runtime::ScalarArgs& vars) {
  // The oracle (reference/Reference.h) evaluates the compute definitions directly; it
  // replaced the stand-in (the IR interpreter on the unscheduled program) once it landed.
  return reference::CheckAgainstReference(sch, args, buffers, vars);
}

CaseResult RunScript(const std::string& script, const std::map<std::string, int64_t>& vars,
                     uint64_t input_seed) {
  auto program = script::EvaluateScript(script, "case.py");
  if (!program) return Fail("evaluate", program.error().format());
  if (!program->schedule) return Fail("evaluate", "the script creates no schedule");
  std::string printed = script::PrintScript(*program);
  auto again = script::EvaluateScript(printed, "case.py");
  if (!again)
    return Fail("print", "the printed script does not evaluate: " + again.error().format());
  if (script::PrintScript(*again) != printed) return Fail("print", "printing is not a fixed point");

  std::vector<te::Tensor> args = program->Arguments();
  const schedule::Schedule& sch = *program->schedule;
  auto lowered = transform::LowerSchedule(sch, args, "llvm", "main", program->ScalarParameters());
  if (!lowered) return Fail("lower", lowered.error().message);
  // Only the function's shape variables (a value given for another name is ignored).
  runtime::ScalarArgs scalars;
  for (const ir::Var& v : lowered->func.scalar_params())
    if (auto it = vars.find(v.name()); it != vars.end()) scalars[v.name()] = it->second;
  auto buffers = runtime::MakeKernelArguments(sch, args, lowered->func, scalars, input_seed);
  if (!buffers) return Fail("run", buffers.error().message);
  // The bounds-checked interpreter runs the lowered program first: an access outside a
  // buffer becomes a message here instead of corrupting memory in the native run.
  std::vector<runtime::NDArray> copies;
  for (const runtime::NDArray& b : *buffers) copies.push_back(b.Clone());
  if (Status st = runtime::Interpret(lowered->func, copies, scalars); !st)
    return Fail("interpret", "the lowered program fails in the interpreter: " + st.error().message);
  // Without the LLVM backend (the sanitizer build) the interpreter's run is the one
  // checked: the schedule, InferBound and the passes are still tested against the oracle.
  if (!codegen::LLVMAvailable()) {
    *buffers = std::move(copies);
  } else {
    auto compiled = runtime::BuildLLVM(lowered->func);
    if (!compiled) return Fail("compile", compiled.error().message);
    if (Status st = compiled->Call(*buffers, scalars); !st) return Fail("run", st.error().message);
  }
  auto checks = CheckOutputs(sch, args, *buffers, scalars);
  if (!checks) return Fail("check", checks.error().message);
  std::string mismatches;
  for (const reference::OutputCheck& c : *checks)
    if (!c.result.ok())
      mismatches += (mismatches.empty() ? "" : "; ") + c.tensor + ": " + c.result.str();
  if (!mismatches.empty())
    return Fail("check", mismatches + " (" + Blame(sch, args, *lowered, scalars, input_seed) + ")");
  return CaseResult{true, "", ""};
}

std::string ReproducerText(const std::string& script, const std::map<std::string, int64_t>& vars,
                           const std::string& why) {
  std::ostringstream out;
  std::string first_line = why.substr(0, why.find('\n'));
  out << "# difftest failure: " << first_line << "\n# reproduce: tessera-cli run FILE --check";
  for (const auto& [name, value] : vars) out << " --var " << name << "=" << value;
  out << "\n" << script;
  return out.str();
}

}  // namespace tessera::difftest
