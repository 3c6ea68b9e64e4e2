// Reference: the oracle. Evaluates the compute definitions of a tensor-expression
// program directly — stage by stage in data-flow order, on logical (unpadded) arrays —
// without any schedule, lowering or code generation, so that a bug in InferBound, a
// pass or a backend cannot hide in the reference as well. Every scheduled kernel
// (`run --check`, the differential suite, the GUI's Run) is compared with it.
//
// How it is fast (ReferenceCompiler.h, ReferenceStage.cpp): each body is compiled once
// into a tree of lane nodes that evaluates up to 256 output elements along the stage's
// innermost axis at a time; reductions loop over their axes around that chunk; chunks
// run in parallel on the thread pool. GEMM 1024^3 takes about 1.5 s on two cores.
//
// Arithmetic is the element type's: floats round to their type after every operation
// and a reduction accumulates in the output's type in reduce-axis order, as a TVM
// kernel does (a float32 sum is a float32 sum), so Compare's float32 tolerance keeps
// its meaning; integers wrap to their width. Errors name the stage: an out-of-bounds
// read (`stage B: out-of-bounds read A[6] (shape [6])`; reads guarded by if_then_else
// or a reduction's `where` are only performed where the guard holds) and integer
// division by zero.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "reference/Compare.h"
#include "runtime/IRInterpreter.h"
#include "runtime/NDArray.h"
#include "support/Result.h"
#include "te/Tensor.h"

namespace tessera::schedule {
struct Schedule;
}

namespace tessera::reference {

using runtime::NDArray;
using runtime::ScalarArgs;

struct ReferenceOptions {
  int num_threads = 0;  // 0: the global thread pool (every hardware thread); 1: serial
};

// Logical arrays of placeholders, keyed by the placeholder's tensor node.
using TensorArrays = std::map<const te::TensorNode*, NDArray>;

// Evaluates `outputs` (and every compute stage they read) from `inputs`, which must hold
// every placeholder they read. `vars` gives the shape variables (a placeholder extent
// that is a bare shape variable missing from `vars` is taken from the input's shape).
// One logical array per output, in order. Errors: a missing input, a dtype or shape
// that disagrees with `vars`, an expression the oracle cannot evaluate (the message
// names the stage), an out-of-bounds read, integer division by zero.
Result<std::vector<NDArray>> EvaluateReference(const std::vector<te::Tensor>& outputs,
                                               const TensorArrays& inputs, const ScalarArgs& vars,
                                               const ReferenceOptions& options = {});

struct OutputCheck {
  std::string tensor;    // the output's name
  CompareResult result;  // scheduled kernel (actual) vs reference (expected)
};

// Checks one run of a scheduled kernel. `args` are the tensors of the lowered function's
// buffer parameters in order (script::ScriptProgram::Arguments()), `buffers` the arrays
// the kernel was called with, after the call, in the same order: physical arrays where
// the schedule transformed an argument's layout (transform_layout), logical otherwise.
// Inputs are read back to logical arrays, the reference is evaluated on them and every
// output of the schedule that `args` holds is compared with it (transformed outputs are
// read back too; padding cells are never read, so never compared). One OutputCheck per
// such output, in argument order.
Result<std::vector<OutputCheck>> CheckAgainstReference(const schedule::Schedule& sch,
                                                       const std::vector<te::Tensor>& args,
                                                       const std::vector<NDArray>& buffers,
                                                       const ScalarArgs& vars,
                                                       const ReferenceOptions& options = {});

}  // namespace tessera::reference
