// Compare: how far two arrays are apart — the check behind `run --check` and every
// differential test. An element passes when |a - b| <= atol + rtol * |b| (b is the
// reference); NaN equals NaN only in the same position of both arrays.
#pragma once

#include <cstdint>
#include <string>

#include "runtime/NDArray.h"

namespace tessera::reference {

using runtime::NDArray;

struct Tolerance {
  double atol = 0.0;
  double rtol = 0.0;
  // The defaults for a dtype: exact for integers and bool, 1e-5 for float32 (relative
  // and absolute), 1e-3 for float16, 1e-12 for float64.
  static Tolerance For(ir::DataType dtype);
};

struct CompareResult {
  bool shapes_match = true;  // false: dtype or shape differ (nothing else is set)
  double max_abs_error = 0.0;
  double max_rel_error = 0.0;
  int64_t mismatches = 0;       // elements outside the tolerance
  int64_t first_mismatch = -1;  // flat index, -1 when none
  bool ok() const { return shapes_match && mismatches == 0; }
  std::string str() const;  // one line for the CLI and test messages
};

// `actual` against `expected`.
CompareResult Compare(const NDArray& actual, const NDArray& expected, Tolerance tol);
inline CompareResult Compare(const NDArray& actual, const NDArray& expected) {
  return Compare(actual, expected, Tolerance::For(expected.dtype()));
}

// A floating-point sum of `terms` products, rounded in another order than the reference's
// (a schedule that splits, reorders or vectorizes the reduction, FMAs): both results carry
// rounding errors that grow with the partial sums, which for sum_i t_i are bounded by
// S = sum_i |t_i|, not by the result (cancellation: S may be far larger than |b|). Each
// element then passes when |a - b| <= atol + rtol * |b| + 2 * sqrt(terms) * eps * S, eps
// the dtype's machine epsilon: the probabilistic bound of recursive summation (Higham,
// "Accuracy and Stability of Numerical Algorithms", 4.2: the errors of n roundings of
// size <= u * S add like a random walk, sqrt(n) * u * S) with a margin of 4 for two
// results and their products' own roundings. Strict enough for a wrong schedule: one
// term too many or too few moves an element by |t_i|, about S / terms, which is larger
// than the allowance, 2 * sqrt(terms) * eps * S, while terms^1.5 < 1 / (2 * eps): up to
// about 25 000 terms in float32 (a 3x3x64 conv has 576, a 1024 GEMM 1024), 63 in
// float16. Longer sums get no allowance (the plain comparison): there it could not
// tell a wrong schedule from rounding.
// `magnitude` holds S per element (same shape as `expected`).
CompareResult CompareSum(const NDArray& actual, const NDArray& expected, const NDArray& magnitude,
                         int64_t terms, Tolerance tol);
// The dtype's machine epsilon (the gap after 1.0): 2^-23 for float32, 2^-10 for float16,
// 2^-52 for float64; 0 for integers (exact).
double MachineEpsilon(ir::DataType dtype);

}  // namespace tessera::reference
