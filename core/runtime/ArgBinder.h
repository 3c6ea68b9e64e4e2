// ArgBinder: binds the arrays and scalars of a call to a PrimFunc's parameters, as the
// bound-info RFC's proposal 1 binds shapes (`assert n >= 0`): a shape variable that is a
// whole dimension of a buffer takes that dimension's extent, every other dimension is
// checked against its shape expression, shape variables must be non-negative and fit
// their type, and element types must match. Errors name the buffer and the dimension.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "runtime/NDArray.h"
#include "runtime/ScalarValue.h"
#include "support/Result.h"
#include "transform/PrimFunc.h"

namespace tessera::runtime {

struct BoundArguments {
  // Every scalar parameter with its value (converted to the parameter's type: a float
  // parameter holds a float), in parameter order.
  std::vector<std::pair<ir::Var, ScalarValue>> scalars;
  // One 64-bit word per parameter, in parameter order: the buffer's data pointer or the
  // scalar's value — an integer as int64, a float as the bits of a double (what a
  // compiled function's packed entry point unpacks and narrows to the parameter type).
  std::vector<uint64_t> packed;
};

// `buffers` are the arrays for the buffer parameters in order; `scalars` gives scalar
// parameters by name (those a buffer shape determines may be omitted). A float given for
// an integer parameter must be a whole number; a bool parameter takes 0 or 1.
// Checks that `value` suits scalar parameter `v`: a whole number for an integer type, in
// its range, non-negative for a shape variable, 0 or 1 for a bool ("scalar argument n =
// 2.5 is not a whole number; n is int32").
Status CheckScalarArgument(const ir::Var& v, const ScalarValue& value);

Result<BoundArguments> BindArguments(const transform::PrimFunc& f,
                                     const std::vector<NDArray>& buffers,
                                     const ScalarArgs& scalars);

}  // namespace tessera::runtime
