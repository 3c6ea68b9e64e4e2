// Compare: how far two arrays are apart — the check behind `run --check` and every
// differential test. An element passes when |a - b| <= atol + rtol * |b| (b is the
// reference); NaN equals NaN only in the same position of both arrays.
#pragma once

#include <cstdint>
#include <string>

#include "runtime/NDArray.h"

namespace tessera::runtime {

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
  int64_t mismatches = 0;           // elements outside the tolerance
  int64_t first_mismatch = -1;      // flat index, -1 when none
  bool ok() const { return shapes_match && mismatches == 0; }
  std::string str() const;          // one line for the CLI and test messages
};

// `actual` against `expected`.
CompareResult Compare(const NDArray& actual, const NDArray& expected, Tolerance tol);
inline CompareResult Compare(const NDArray& actual, const NDArray& expected) {
  return Compare(actual, expected, Tolerance::For(expected.dtype()));
}

}  // namespace tessera::runtime
