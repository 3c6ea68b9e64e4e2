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
#include "support/Result.h"
#include "transform/PrimFunc.h"

namespace tessera::runtime {

struct BoundArguments {
  // Every scalar parameter with its value, in parameter order.
  std::vector<std::pair<ir::Var, int64_t>> scalars;
  // One 64-bit word per parameter, in parameter order: the buffer's data pointer or the
  // scalar's value (what a compiled function's packed entry point unpacks).
  std::vector<uint64_t> packed;
};

// `buffers` are the arrays for the buffer parameters in order; `scalars` gives scalar
// parameters by name (those a buffer shape determines may be omitted).
Result<BoundArguments> BindArguments(const transform::PrimFunc& f,
                                     const std::vector<NDArray>& buffers,
                                     const std::map<std::string, int64_t>& scalars);

}  // namespace tessera::runtime
