// What run, profile and export need after a script is loaded: its schedule lowered
// through the pipeline into a PrimFunc, and arrays for the function's parameters
// (random inputs, zeroed outputs; scalar parameters from --var / --scalar NAME=VALUE or
// their defaults: 64 for a shape variable, runtime::DefaultScalarValue for another).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "runtime/CompiledFunction.h"
#include "runtime/KernelArguments.h"
#include "runtime/NDArray.h"
#include "script/Evaluator.h"
#include "transform/Pipeline.h"

namespace tessera::cli {

// The lowered program of `program`'s schedule for `target`; on failure a message is
// written to `err` and nullopt returned (the exit code is kBadInput).
// `partition_guards`: PassContext's (false: if_then_else guards stay in their loops).
std::optional<transform::LoweredProgram> LowerProgram(const script::ScriptProgram& program,
                                                      const std::string& target, std::ostream& err,
                                                      bool partition_guards = true);

struct KernelArguments {
  std::vector<runtime::NDArray> buffers;  // in parameter order
  std::vector<bool> is_output;            // per buffer: written by the kernel
  runtime::ScalarBinding scalars;         // every scalar parameter's value, and which defaulted
  // The integer values (shape variables), for what takes only those (flop counts).
  std::map<std::string, int64_t> IntegerValues() const;
};

// Shape variables given as NAME=VALUE (--var); an error sentence for a malformed one.
std::optional<std::string> ParseVarValues(const std::vector<std::string>& specs,
                                          std::map<std::string, int64_t>* values);

// Scalar values given as NAME=VALUE (--scalar): VALUE an integer, a decimal or
// exponent float (2.5, -1e-3) or True/False; an error sentence for a malformed one.
std::optional<std::string> ParseScalarValues(const std::vector<std::string>& specs,
                                             runtime::ScalarArgs* values);

// The values as integers (what a runner job carries); an error names a float one.
Result<std::map<std::string, int64_t>> IntegerScalars(const runtime::ScalarArgs& values);

// An error sentence when a name in `given` (--scalar) is not a scalar parameter of
// `func` (the sentence lists those it has).
std::optional<std::string> CheckScalarNames(const transform::PrimFunc& func,
                                            const runtime::ScalarArgs& given);
// The same for a kernel named `kernel` whose scalar parameters are `parameters`.
std::optional<std::string> CheckScalarNames(const std::string& kernel,
                                            const std::vector<std::string>& parameters,
                                            const runtime::ScalarArgs& given);

// Arrays for `func`'s buffer parameters: inputs filled from `seed`, outputs zero.
// Errors: a value that does not suit its parameter (2.5 for an int32 n), an argument
// that cannot be made.
Result<KernelArguments> MakeArguments(const script::ScriptProgram& program,
                                      const transform::PrimFunc& func,
                                      const runtime::ScalarArgs& var_values, uint64_t seed);

// "note: shape variable n = 64 (use --var n=N)" per defaulted shape variable and
// "scalar b = 1.5 (float32, default; use --scalar b=VALUE)" per other scalar parameter.
void PrintScalarNotes(const runtime::ScalarBinding& scalars, std::ostream& out);

// A kernel compiled for the CPU (LLVM) or the GPU (CUDA), behind one interface.
struct Kernel {
  std::string target;  // "x86_64-pc-linux-gnu (znver5)", "CUDA sm_90"
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
