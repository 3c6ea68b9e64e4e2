// ScalarValue: the value of one scalar parameter of a kernel call — an integer (a shape
// variable, an int32/int64/bool te.var) or a float (a float32/float64 te.var such as a
// GEMM's alpha). A call gives them by parameter name (ScalarArgs); the binder converts
// each to its parameter's type (ArgBinder.h), so an integer given for a float parameter
// is that number, and a float given for an integer one is refused there.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <ostream>
#include <sstream>
#include <string>

namespace tessera::runtime {

class ScalarValue {
 public:
  ScalarValue() = default;
  // Implicit, so that `scalars["n"] = 64` and `scalars["b"] = 2.5` read as written.
  template <std::integral T>
  ScalarValue(T v) : int_(static_cast<int64_t>(v)), float_(static_cast<double>(v)) {}
  template <std::floating_point T>
  ScalarValue(T v)
      : is_float_(true), int_(Truncated(static_cast<double>(v))), float_(static_cast<double>(v)) {}

  bool is_float() const { return is_float_; }
  // The integer (a float truncates toward zero) and the number as a double.
  int64_t as_int() const { return int_; }
  double as_float() const { return float_; }
  // A float that is a whole number (in int64's range) fits an integer parameter; 2.5
  // does not.
  bool is_integral() const { return !is_float_ || static_cast<double>(int_) == float_; }

  // "64", "2.5" (shortest text that reads back as the same double).
  std::string str() const {
    if (!is_float_) return std::to_string(int_);
    std::ostringstream out;
    out.precision(17);
    out << float_;
    std::string text = out.str();
    // Prefer the shortest form that round-trips (2.5, not 2.5000000000000000).
    for (int p = 1; p < 17; ++p) {
      std::ostringstream shorter;
      shorter.precision(p);
      shorter << float_;
      // strtod, not stod: stod throws for a subnormal (ERANGE), strtod just reads it.
      if (std::strtod(shorter.str().c_str(), nullptr) == float_) return shorter.str();
    }
    return text;
  }

  // The float truncated toward zero, 0 where no int64 holds it (NaN, 1e30): a cast
  // would be undefined there.
  static int64_t Truncated(double d) {
    return d > -9.2e18 && d < 9.2e18 ? static_cast<int64_t>(d) : 0;
  }

  bool operator==(const ScalarValue& o) const {
    if (is_float_ != o.is_float_) return false;
    return is_float_ ? float_ == o.float_ : int_ == o.int_;
  }

 private:
  bool is_float_ = false;
  int64_t int_ = 0;
  double float_ = 0.0;
};

inline std::ostream& operator<<(std::ostream& out, const ScalarValue& v) { return out << v.str(); }

// Scalar arguments by parameter name (shape vars may be omitted when a buffer's shape
// determines them).
using ScalarArgs = std::map<std::string, ScalarValue>;

// The integer values (shape variables), for what takes only those (flop counts,
// footprints); float scalars do not shape anything.
inline std::map<std::string, int64_t> IntegerValues(const ScalarArgs& args) {
  std::map<std::string, int64_t> out;
  for (const auto& [name, value] : args)
    if (!value.is_float()) out[name] = value.as_int();
  return out;
}

}  // namespace tessera::runtime
