// Vector copies the CUDA printer emits as one wide access. A vectorized copy of 2 or 4
// consecutive 32-bit elements (a shared tile's cooperative fetch under
// `s[AA].vectorize(...)`) prints as one float2 / float4 load and store, as TVM's CUDA
// backend prints it, where a lane loop would leave NVVM four scalar accesses. Only where
// the first index of both accesses is provably a multiple of the width (ModularSet), so
// that each access is aligned in a buffer whose base is: a kernel parameter (device
// allocations are 256-byte aligned) or an allocation declared with __align__(16).
#pragma once
#include <optional>
#include <string>

#include "ir/Expr.h"

namespace tessera::codegen {

struct WideAccess {
  ir::Expr base;  // the first element's index, a multiple of `lanes`
  int lanes = 0;  // 2 or 4
};

// `flat_index` (a buffer's flattened index) as a wide access of `element`s: a stride-1
// ramp of 2 or 4 lanes of a 32-bit type starting at a multiple of its lanes.
std::optional<WideAccess> AsWideAccess(const ir::Expr& flat_index, ir::DataType element);

// The CUDA vector type of `lanes` 32-bit `element`s: float4, int2, uint4.
std::string WideType(ir::DataType element, int lanes);

}  // namespace tessera::codegen
