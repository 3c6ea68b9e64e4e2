// Tessera's side of the benchmark: a shipped example script (resources/examples/NAME.py)
// evaluated by script::EvaluateScript, lowered and compiled with the LLVM backend exactly
// as `tessera-cli run` does (schedule::Lower, transform::LowerToPrimFunc with layout
// arguments, codegen::BuildLLVM with default options), with arrays for its parameters.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/ArgBinder.h"
#include "runtime/CompiledFunction.h"
#include "runtime/NDArray.h"
#include "support/Result.h"

namespace tessera::bench {

struct TesseraKernel {
  std::shared_ptr<runtime::CompiledFunction> function;
  std::vector<std::string> names;        // parameter buffer names, in order
  std::vector<runtime::NDArray> arrays;  // zero-filled, one per buffer parameter
  runtime::BoundArguments bound;         // arrays bound once
  double compile_ms = 0.0;               // LLVM codegen + O3 + JIT

  // The array of the parameter named `name` (an undefined array if there is none).
  runtime::NDArray Array(const std::string& name) const;
  Status Run() const { return function->CallBound(bound); }
};

// The text of resources/examples/NAME.py with each top-level `X = <integer>` line whose
// X is in `sizes` given the new value (how the benchmark runs GEMM at 512/1024/2048).
Result<std::string> ExampleSource(const std::string& name,
                                  const std::map<std::string, int64_t>& sizes);

Result<TesseraKernel> CompileExample(const std::string& name,
                                     const std::map<std::string, int64_t>& sizes);

// The same for a script anywhere (path absolute or relative to the source tree), e.g.
// bench/gemm_tutorial/7_parallel.py, with its `X = <integer>` lines set from `sizes`.
Result<TesseraKernel> CompileScript(const std::string& path,
                                    const std::map<std::string, int64_t>& sizes);

// Median LLVM compile time (codegen + O3 + JIT, as CompiledFunction::stats) of `runs`
// compilations of the example.
Result<double> MedianCompileMs(const std::string& name, const std::map<std::string, int64_t>& sizes,
                               int runs);

}  // namespace tessera::bench
