#include "reference/Compare.h"

#include <cmath>
#include <cstdio>

namespace tessera::reference {

using namespace runtime;

Tolerance Tolerance::For(ir::DataType dtype) {
  if (!dtype.is_float()) return {0.0, 0.0};
  if (dtype.bits() == 16) return {1e-3, 1e-3};
  if (dtype.bits() == 32) return {1e-5, 1e-5};
  return {1e-12, 1e-12};
}

double MachineEpsilon(ir::DataType dtype) {
  if (!dtype.is_float()) return 0.0;
  if (dtype.bits() == 16) return std::ldexp(1.0, -10);
  if (dtype.bits() == 32) return std::ldexp(1.0, -23);
  return std::ldexp(1.0, -52);
}

namespace {

// Compare and CompareSum: `allowance` (may be null) adds to the tolerance per element.
CompareResult CompareWithAllowance(const NDArray& actual, const NDArray& expected, Tolerance tol,
                                   const NDArray* magnitude, double allowance_per_unit) {
  CompareResult r;
  if (!actual.defined() || !expected.defined() || actual.dtype() != expected.dtype() ||
      actual.shape() != expected.shape()) {
    r.shapes_match = false;
    return r;
  }
  bool as_int = !expected.dtype().is_float();
  for (int64_t i = 0; i < expected.numel(); ++i) {
    double a, b;
    if (as_int) {
      a = static_cast<double>(actual.GetInt(i));
      b = static_cast<double>(expected.GetInt(i));
    } else {
      a = actual.GetDouble(i);
      b = expected.GetDouble(i);
    }
    bool bad;
    if (std::isnan(a) || std::isnan(b)) {
      bad = std::isnan(a) != std::isnan(b);
      if (bad) r.max_abs_error = r.max_rel_error = NAN;
    } else if (std::isinf(a) || std::isinf(b)) {
      bad = a != b;
      if (bad) r.max_abs_error = r.max_rel_error = INFINITY;
    } else {
      double abs_err = std::fabs(a - b);
      double rel_err = b != 0.0 ? abs_err / std::fabs(b) : (abs_err == 0.0 ? 0.0 : INFINITY);
      if (!std::isnan(r.max_abs_error)) {
        r.max_abs_error = std::fmax(r.max_abs_error, abs_err);
        r.max_rel_error = std::fmax(r.max_rel_error, rel_err);
      }
      double limit = tol.atol + tol.rtol * std::fabs(b);
      if (magnitude) limit += allowance_per_unit * std::fabs(magnitude->GetDouble(i));
      bad = abs_err > limit;
    }
    if (bad) {
      if (r.first_mismatch < 0) r.first_mismatch = i;
      ++r.mismatches;
    }
  }
  return r;
}

}  // namespace

CompareResult Compare(const NDArray& actual, const NDArray& expected, Tolerance tol) {
  return CompareWithAllowance(actual, expected, tol, nullptr, 0.0);
}

CompareResult CompareSum(const NDArray& actual, const NDArray& expected, const NDArray& magnitude,
                         int64_t terms, Tolerance tol) {
  if (!magnitude.defined() || magnitude.shape() != expected.shape() || terms < 1)
    return Compare(actual, expected, tol);
  double per_unit = 2.0 * std::sqrt(static_cast<double>(terms)) * MachineEpsilon(expected.dtype());
  // Past this length one missing term (about S / terms) hides inside the allowance: the
  // check could no longer tell a wrong schedule from rounding, so it stays strict.
  if (per_unit * static_cast<double>(terms) >= 1.0) return Compare(actual, expected, tol);
  return CompareWithAllowance(actual, expected, tol, &magnitude, per_unit);
}

std::string CompareResult::str() const {
  if (!shapes_match) return "shapes or element types differ";
  char buf[160];
  std::snprintf(buf, sizeof buf, "max abs error %.3g, max rel error %.3g, %lld mismatches",
                max_abs_error, max_rel_error, static_cast<long long>(mismatches));
  std::string s = buf;
  if (first_mismatch >= 0) s += " (first at flat index " + std::to_string(first_mismatch) + ")";
  return s;
}

}  // namespace tessera::reference
