// Integer helpers shared by the analyzers: floor division / modulo, overflow-checked
// arithmetic and gcd. Everything works on int64_t.
#pragma once

#include <cstdint>
#include <numeric>
#include <optional>

namespace tessera::arith {

// Division rounding toward negative infinity; b != 0.
inline int64_t FloorDivInt(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
// The remainder that has the sign of b; b != 0.
inline int64_t FloorModInt(int64_t a, int64_t b) {
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

inline std::optional<int64_t> CheckedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}
inline std::optional<int64_t> CheckedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
  return r;
}
inline std::optional<int64_t> CheckedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

// gcd of |a| and |b| (gcd(0, b) = |b|); values are small enough in practice that the
// absolute value of INT64_MIN never occurs (callers bail out on overflow first).
inline int64_t Gcd(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  return std::gcd(a, b);
}

}  // namespace tessera::arith
