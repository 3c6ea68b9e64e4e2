// KernelArguments: the arrays a caller passes to a compiled schedule — random inputs
// and zeroed outputs, in the shapes of the lowered function's buffer parameters. An
// argument whose layout the schedule transformed (RFC 0077) is passed physically; an
// input with a pad value gets it written into its padding cells, as a caller must
// (digest §1.3). Reading such an array back in its logical shape is the oracle's job
// (CheckAgainstReference, Reference.h).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "layout/PhysicalTensor.h"
#include "runtime/IRInterpreter.h"
#include "runtime/NDArray.h"
#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Tensor.h"
#include "transform/PrimFunc.h"

namespace tessera::runtime {

// The physical tensor in which argument `t` is passed, or nullptr (logical layout).
layout::PhysicalTensor ArgumentLayout(const schedule::Schedule& sch, const te::Tensor& t);

// True when `t` is computed by one of the schedule's outputs.
bool IsScheduleOutput(const schedule::Schedule& sch, const te::Tensor& t);

// One array per buffer parameter of `func` (whose parameters are `args`, in order):
// inputs uniform in [-1, 1) from seed + index, outputs zero. `scalars` must give every
// shape variable. Errors: a shape that is not constant after substitution, a failed
// allocation or padding fill.
Result<std::vector<NDArray>> MakeKernelArguments(const schedule::Schedule& sch,
                                                 const std::vector<te::Tensor>& args,
                                                 const transform::PrimFunc& func,
                                                 const ScalarArgs& scalars, uint64_t seed);

// True when a buffer parameter's shape of `func` names `v` (a shape variable: arrays
// determine it); false for another scalar parameter (a te.var alpha).
bool IsShapeVariable(const transform::PrimFunc& func, const ir::Var& v);

// The value a scalar parameter that is not a shape variable gets when a caller gives
// none (the CLI's run, the GUI's Run): deterministic and neither 0 nor 1, so that a
// check against the oracle notices a scalar that is dropped or misread — 1.5 for a
// float, 3 for an integer, True for a bool.
ScalarValue DefaultScalarValue(const ir::Var& v);

// The values of a function's scalar parameters for one call.
struct ScalarBinding {
  ScalarArgs values;                   // every scalar parameter by name
  std::vector<std::string> defaulted;  // those the caller did not give
  // The parameters that are not shape variables (te.var alpha, TVMScript's `s:
  // T.float32`), in order, with their types.
  std::vector<std::pair<std::string, std::string>> plain;
};

// Each scalar parameter of `func` from `given`, else `default_shape` for a shape variable
// and DefaultScalarValue for another; an error names a value its type cannot hold.
Result<ScalarBinding> BindScalarParameters(const transform::PrimFunc& func, const ScalarArgs& given,
                                           int64_t default_shape);

// The constant shape of `shape` with the shape variables of `scalars` substituted.
Result<std::vector<int64_t>> ConstantShape(const std::vector<ir::Expr>& shape,
                                           const ScalarArgs& scalars);

}  // namespace tessera::runtime
