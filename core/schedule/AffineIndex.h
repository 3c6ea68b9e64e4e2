// AffineIndex: an integer index expression written as base + sum(coeff[v] * vars[v]),
// for enumerations that evaluate the same indices millions of times (the bounds
// report's required-element count): integer multiply-adds instead of a tree walk with a
// map lookup per variable.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/Expr.h"

namespace tessera::schedule {

struct AffineIndex {
  int64_t base = 0;
  std::vector<int64_t> coeffs;  // one per variable of the list it was made for

  int64_t At(const std::vector<int64_t>& values) const {
    int64_t v = base;
    for (size_t i = 0; i < coeffs.size(); ++i) v += coeffs[i] * values[i];
    return v;
  }
};

// `e` as an affine function of `vars` (sums, differences, products with constants,
// integer constants, the variables); nullopt for anything else (a division, a free
// variable, a coefficient beyond ±2^31 that could overflow an evaluation).
std::optional<AffineIndex> MakeAffineIndex(const ir::Expr& e, const std::vector<ir::Var>& vars);

}  // namespace tessera::schedule
