// LowerArgs: the argument list of tvm.lower / tvm.build / schedule_to_module — tensors
// (buffer parameters) and scalar variables (te.var / te.size_var: scalar parameters), in
// the order given. TVM's schedule_to_module binds each tensor to a buffer and keeps a
// Var argument as a PrimFunc parameter of its own type (python/tvm/driver/
// build_module.py get_binds, src/driver/driver_api.cc), so `b = te.var("b", "float32")`
// read by a compute is passed by value and `n` of a shape may be listed explicitly.
#pragma once

#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "script/lang/Args.h"
#include "te/Tensor.h"
#include "transform/PrimFunc.h"

namespace tessera::script {

struct LowerArgList {
  std::vector<te::Tensor> tensors;
  std::vector<transform::ListedScalar> scalars;  // position: index in the list given
};

// The list in argument `param` of `args` (None or absent: empty). Errors, at the
// argument: not a list, or an item that is neither a tensor nor a variable (a constant
// or an expression such as n + 1 cannot be a parameter), or a variable listed twice.
Result<LowerArgList> ParseLowerArgs(const Args& args, const std::string& param);

// The variables the compute definitions of `sch`'s stages read besides their own axes
// (bodies, reduction conditions, reduce-axis bounds), in order of first use: what a
// script with no argument list passes as scalar parameters (te.var alpha).
std::vector<ir::Var> VarsTheComputationReads(const schedule::Schedule& sch);

}  // namespace tessera::script
