// Builds a te script's schedule with the LLVM backend, runs the kernel once on random
// inputs and checks its outputs against the reference; each suite judges the checks
// with its own tolerance.
#pragma once

#include <QtTest>
#include <string>
#include <vector>

#include "ir/ExprOp.h"
#include "reference/Reference.h"
#include "runtime/LLVMModule.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace tessera::testing {

struct ScriptKernelRun {
  std::string ir;  // unoptimized, as the backend emitted it
  std::vector<reference::OutputCheck> checks;

  // Every output within the reference's tolerance and, with `exact`, bit for bit.
  bool Matches(bool exact) const {
    if (checks.empty()) return false;
    for (const reference::OutputCheck& c : checks)
      if (!c.result.ok() || (exact && c.result.max_abs_error != 0.0)) return false;
    return true;
  }
  std::string Report() const {
    std::string out;
    for (const reference::OutputCheck& c : checks) out += c.tensor + ": " + c.result.str() + "\n";
    return out;
  }
};

// The CPUs a codegen test builds for: the host, plus AVX2's registers ("haswell") where
// the host can run AVX2 + FMA code, so an AVX-512 machine also checks the narrower ISA.
inline std::vector<std::string> CpusToBuildFor() {
  std::vector<std::string> cpus = {""};
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) cpus.push_back("haswell");
#endif
  return cpus;
}

// Argument i is filled with random values from seed `seed + i`. Any failure to build or
// run is fatal: the scripts are the suite's own.
inline ScriptKernelRun BuildAndRunScript(const std::string& source,
                                         const codegen::LLVMOptions& options, uint64_t seed) {
  ScriptKernelRun out;
  auto program = script::EvaluateScript(source, "kernel.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  const std::vector<te::Tensor> args = program->Arguments();
  auto lowered = transform::LowerSchedule(*program->schedule, args, "llvm", "kernel");
  if (!lowered) qFatal("%s", lowered.error().message.c_str());
  auto ir = codegen::EmitLLVMIR(lowered->func, options, /*optimized=*/false);
  if (!ir) qFatal("%s", ir.error().message.c_str());
  out.ir = *ir;
  auto kernel = runtime::BuildLLVM(lowered->func, options);
  if (!kernel) qFatal("%s", kernel.error().message.c_str());
  std::vector<runtime::NDArray> buffers;
  for (size_t i = 0; i < args.size(); ++i) {
    std::vector<int64_t> shape;
    for (const ir::Expr& e : args[i]->shape) shape.push_back(*ir::as_const_int(e));
    buffers.push_back(*runtime::NDArray::Empty(shape, args[i]->dtype));
    buffers.back().FillRandom(seed + i);
  }
  if (Status st = kernel->Call(buffers); !st) qFatal("%s", st.error().message.c_str());
  auto checks = reference::CheckAgainstReference(*program->schedule, args, buffers, {});
  if (!checks) qFatal("%s", checks.error().message.c_str());
  out.checks = std::move(*checks);
  return out;
}

}  // namespace tessera::testing
