// What run, profile and export need after a script is loaded: its schedule lowered
// through the pipeline into a PrimFunc, and arrays for the function's parameters
// (random inputs, zeroed outputs; shape variables from --var NAME=VALUE or 64).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "runtime/CompiledFunction.h"
#include "runtime/NDArray.h"
#include "script/Evaluator.h"
#include "transform/Pipeline.h"

namespace tessera::cli {

// The lowered program of `program`'s schedule for `target`; on failure a message is
// written to `err` and nullopt returned (the exit code is kBadInput).
std::optional<transform::LoweredProgram> LowerProgram(const script::ScriptProgram& program,
                                                      const std::string& target, std::ostream& err);

struct KernelArguments {
  std::vector<runtime::NDArray> buffers;   // in parameter order
  std::vector<bool> is_output;             // per buffer: written by the kernel
  std::map<std::string, int64_t> scalars;  // shape variables by name
  std::vector<std::string> defaulted;      // shape variables that got the default value
};

// Shape variables given as NAME=VALUE (--var); an error sentence for a malformed one.
std::optional<std::string> ParseVarValues(const std::vector<std::string>& specs,
                                          std::map<std::string, int64_t>* values);

// Arrays for `func`'s buffer parameters: inputs filled from `seed`, outputs zero.
Result<KernelArguments> MakeArguments(const script::ScriptProgram& program,
                                      const transform::PrimFunc& func,
                                      const std::map<std::string, int64_t>& var_values,
                                      uint64_t seed);

// A kernel compiled for the CPU (LLVM) or the GPU (CUDA), behind one interface.
struct Kernel {
  std::string target;       // "x86_64-pc-linux-gnu (znver5)", "CUDA sm_90"
  double compile_ms = 0.0;
  // One call on the arrays (outputs written back into them).
  std::function<Status(const KernelArguments&)> call;
  // One untimed call, then `repeat` timed calls: the time of each, in milliseconds.
  std::function<Result<std::vector<double>>(const KernelArguments&, int repeat)> time;
};

// The kernel of `lowered` compiled for `target` ("llvm" or "cuda"); nullopt with a
// message and the exit code (kUnavailable when the backend or the GPU is not there,
// kBadInput when compilation fails).
std::optional<Kernel> BuildKernel(const transform::LoweredProgram& lowered,
                                  const std::string& target, std::ostream& err, int* exit_code);

}  // namespace tessera::cli
