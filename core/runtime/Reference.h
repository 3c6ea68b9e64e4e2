// Reference: the oracle. Evaluates the compute definitions of a tensor-expression
// program directly — stage by stage in data-flow order, on logical (unpadded) arrays —
// without any schedule, lowering or code generation, so that a bug in InferBound, a
// pass or a backend cannot hide in the reference as well. Every scheduled kernel
// (`run --check`, the differential suite, the GUI's Run) is compared with it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "runtime/Compare.h"
#include "runtime/Interpreter.h"
#include "runtime/NDArray.h"
#include "support/Result.h"
#include "te/Tensor.h"

namespace tessera::schedule {
struct Schedule;
}

namespace tessera::runtime {

struct ReferenceOptions {
  int num_threads = 0;  // 0: every hardware thread
};

// Logical arrays of placeholders, keyed by the placeholder's tensor node.
using TensorArrays = std::map<const te::TensorNode*, NDArray>;

// Evaluates `outputs` (and every compute stage they read) from `inputs`, which must hold
// every placeholder they read. `vars` gives the shape variables. One logical array per
// output, in order. Errors: a missing input, a shape that disagrees with `vars`, an
// expression the oracle cannot evaluate (the message names the stage).
Result<std::vector<NDArray>> EvaluateReference(const std::vector<te::Tensor>& outputs,
                                               const TensorArrays& inputs, const ScalarArgs& vars,
                                               const ReferenceOptions& options = {});

struct OutputCheck {
  std::string tensor;     // the output's name
  CompareResult result;   // scheduled kernel (actual) vs reference (expected)
};

// Checks one run of a scheduled kernel. `args` are the tensors of the lowered function's
// buffer parameters in order (script::ScriptProgram::Arguments()), `buffers` the arrays
// the kernel was called with, after the call, in the same order: physical arrays where
// the schedule transformed an argument's layout (transform_layout), logical otherwise.
// Inputs are read back to logical arrays, the reference is evaluated on them and every
// output that `args` holds is compared with it (padding cells are not compared).
Result<std::vector<OutputCheck>> CheckAgainstReference(const schedule::Schedule& sch,
                                                       const std::vector<te::Tensor>& args,
                                                       const std::vector<NDArray>& buffers,
                                                       const ScalarArgs& vars,
                                                       const ReferenceOptions& options = {});

}  // namespace tessera::runtime
