// FlopCount: the floating-point operations a lowered program executes, for profile's
// GFLOP/s: every float arithmetic operation and math call in a stored value (a vector
// operation counts its lanes), times the trip counts of the loops around it. Both
// branches of a condition count (an upper bound); loops whose extent is not constant
// once the shape variables are known count once.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "ir/Stmt.h"

namespace tessera::cli {

double CountFlops(const ir::Stmt& body, const std::map<std::string, int64_t>& scalars);

}  // namespace tessera::cli
