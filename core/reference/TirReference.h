// TirReference: what a TensorIR document's Run is checked against, shared by
// `tessera-cli run --check` and the desktop application's Run. The arrays a scheduled
// TensorIR function is called with (random inputs, zero outputs, in the shapes of its
// buffer parameters), and the outputs the unscheduled program gives on the same inputs:
// the te oracle (Reference.h) when te.create_prim_func made the function, otherwise the
// unscheduled function lowered and run by the IR interpreter. The schedule cannot hide a
// bug in the reference: neither path sees it.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "reference/Reference.h"
#include "runtime/IRInterpreter.h"
#include "runtime/KernelArguments.h"
#include "runtime/NDArray.h"
#include "support/Result.h"
#include "te/Tensor.h"
#include "tir/ScheduleState.h"
#include "tir/Stmt.h"
#include "transform/PrimFunc.h"

namespace tessera::reference {

// The buffer parameters of `f` that some block writes or some statement stores to (its
// outputs).
std::set<const void*> WrittenParams(const tir::PrimFunc& f);

struct TirArguments {
  std::vector<runtime::NDArray> buffers;  // one per parameter of the function, in order
  std::vector<bool> is_output;
  runtime::ScalarBinding scalars;  // every scalar parameter of the lowered function
  // The parameters whose layout the schedule changed (ParamLayouts.h): the reference
  // reads and writes them in the layouts before.
  std::vector<tir::ParamLayoutChange> layouts;
};

// Random inputs (from seed + parameter index) and zero outputs in the shapes of `f`'s
// parameters (an input whose layout `layouts` changed: random in its layout before, moved
// to its layout now); the scalar parameters of `lowered` from `vars`, or (runtime's
// BindScalarParameters) `default_shape` for a shape variable it lacks. Errors name the
// parameter.
Result<TirArguments> MakeTirArguments(const tir::PrimFunc& f, const transform::PrimFunc& lowered,
                                      const runtime::ScalarArgs& vars, uint64_t seed,
                                      int64_t default_shape,
                                      const std::vector<tir::ParamLayoutChange>& layouts = {});

struct TirExpected {
  std::string reference;                  // what computed it ("te oracle", ...)
  std::vector<runtime::NDArray> outputs;  // per output parameter, in order
};

// The outputs of the unscheduled function `original` on the inputs of `a` (which must be
// the arrays as they were before the scheduled kernel ran). `te_args` are the tensors
// te.create_prim_func made it of, one per parameter (empty for a TVMScript function).
Result<TirExpected> TirExpectedOutputs(const tir::PrimFunc& original,
                                       const std::vector<te::Tensor>& te_args,
                                       const TirArguments& a);

// The kernel's outputs (`after`: the arrays of `a` after the call) compared with
// `expected`, one OutputCheck per output parameter, named after it.
std::vector<OutputCheck> CompareTirOutputs(const tir::PrimFunc& f, const TirArguments& a,
                                           const std::vector<runtime::NDArray>& after,
                                           const TirExpected& expected);

}  // namespace tessera::reference
