// Helpers for the TE-coverage tests: a script evaluated, lowered for the CPU, run by the
// IR interpreter and (when the build has it) by the LLVM backend on random inputs, and
// every output checked against the te oracle (runtime/Reference) — the path of
// `tessera-cli run --check`.
#pragma once

#include <QtTest>
#include <string>

#include "ir/Printer.h"
#include "reference/Reference.h"
#include "runtime/IRInterpreter.h"
#include "runtime/KernelArguments.h"
#include "runtime/LLVMModule.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace tessera::te_testing {

#define TE_VERIFY_OK(r) QVERIFY2((r).ok(), (r).ok() ? "" : (r).error().message.c_str())

// The lowered function's body as text (after the whole pipeline).
inline Result<std::string> LoweredText(const script::ScriptProgram& p,
                                       const std::string& target = "llvm") {
  auto lowered =
      transform::LowerSchedule(*p.schedule, p.Arguments(), target, "main", p.ScalarParameters());
  if (!lowered) return lowered.error();
  return ir::to_string(lowered->func.body);
}

// Runs `p`'s schedule with the interpreter and, with LLVM, the compiled kernel; each run
// checked against the oracle. Returns the first problem.
inline Status RunAndCheck(const script::ScriptProgram& p, const runtime::ScalarArgs& vars = {}) {
  if (!p.schedule) return Error("the script creates no schedule");
  std::vector<te::Tensor> args = p.Arguments();
  auto lowered = transform::LowerSchedule(*p.schedule, args, "llvm", "main", p.ScalarParameters());
  if (!lowered) return lowered.error();
  for (int backend = 0; backend < 2; ++backend) {
    if (backend == 1 && !codegen::LLVMAvailable()) break;
    auto buffers = runtime::MakeKernelArguments(*p.schedule, args, lowered->func, vars, 7);
    if (!buffers) return buffers.error();
    if (backend == 0) {
      if (Status s = runtime::Interpret(lowered->func, *buffers, vars); !s) return s.error();
    } else {
      auto f = runtime::BuildLLVM(lowered->func);
      if (!f) return f.error();
      if (Status s = f->Call(*buffers, vars); !s) return s.error();
    }
    auto checks = reference::CheckAgainstReference(*p.schedule, args, *buffers, vars);
    if (!checks) return checks.error();
    if (checks->empty()) return Error("no output was checked");
    for (const reference::OutputCheck& c : *checks)
      if (!c.result.ok())
        return Error(std::string(backend == 0 ? "interpreter" : "llvm") + ": " + c.tensor + ": " +
                     c.result.str());
  }
  return Status::Ok();
}

// The located message of a script that must fail ("t.py:LINE:COL: error: ..."), or ""
// when it evaluated.
inline std::string ScriptError(const std::string& text) {
  auto p = script::EvaluateScript(text, "t.py");
  return p ? std::string() : p.error().format();
}

inline bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace tessera::te_testing
