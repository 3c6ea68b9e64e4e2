#include "runtime/InterpreterValue.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "runtime/NDArray.h"

namespace tessera::runtime {

using ir::DataType;
using ir::ExprKind;

int64_t WrapInt(DataType t, int64_t v) {
  if (t.is_bool()) return v != 0;
  int bits = t.bits();
  if (bits >= 64 || bits == 0) return v;
  uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (t.is_int() && (u >> (bits - 1)) != 0) u |= ~mask;
  return static_cast<int64_t>(u);
}

double RoundFloat(DataType t, double v) {
  if (t.bits() == 32) return static_cast<float>(v);
  if (t.bits() == 16) return HalfToFloat(FloatToHalf(static_cast<float>(v)));
  return v;
}

double Value::as_double(int lane) const {
  if (is_float()) return f[lane];
  if (type.is_uint()) return static_cast<double>(static_cast<uint64_t>(i[lane]));
  return static_cast<double>(i[lane]);
}

int64_t Value::as_int(int lane) const {
  if (!is_float()) return i[lane];
  double v = f[lane];
  if (std::isnan(v)) return 0;
  if (v >= 9.2233720368547758e18) return std::numeric_limits<int64_t>::max();
  if (v <= -9.2233720368547758e18) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

Value Value::Int(DataType t, int64_t v) {
  if (t.is_float()) return Float(t, static_cast<double>(v));
  Value r;
  r.type = t;
  r.i.assign(static_cast<size_t>(t.lanes()), WrapInt(t, v));
  return r;
}

Value Value::Float(DataType t, double v) {
  if (!t.is_float()) return Int(t, static_cast<int64_t>(v));
  Value r;
  r.type = t;
  r.f.assign(static_cast<size_t>(t.lanes()), RoundFloat(t, v));
  return r;
}

Value Value::Zero(DataType t) { return t.is_float() ? Float(t, 0.0) : Int(t, 0); }

Value Value::Lane(int lane) const {
  Value r;
  r.type = type.element_of();
  if (is_float())
    r.f = {f[lane]};
  else
    r.i = {i[lane]};
  return r;
}

std::string Value::str() const {
  std::string s = lanes() > 1 ? "[" : "";
  for (int l = 0; l < lanes(); ++l) {
    if (l) s += ", ";
    s += is_float() ? std::to_string(f[l]) : std::to_string(i[l]);
  }
  return lanes() > 1 ? s + "]" : s;
}

namespace {

int64_t floordiv_int(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// Integer lane operation; false on division by zero.
bool int_op(ExprKind k, DataType t, int64_t a, int64_t b, int64_t* out) {
  bool u = t.is_uint();
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  bool is_div = k == ExprKind::Div || k == ExprKind::Mod || k == ExprKind::FloorDiv ||
                k == ExprKind::FloorMod;
  if (is_div && b == 0) return false;
  // INT64_MIN / -1 overflows in C++; the wrapped result is INT64_MIN (and 0 for mod).
  if (is_div && !u && b == -1) {
    bool mod = k == ExprKind::Mod || k == ExprKind::FloorMod;
    *out = mod ? 0 : WrapInt(t, static_cast<int64_t>(0 - ua));
    return true;
  }
  switch (k) {
    case ExprKind::Add:
      *out = static_cast<int64_t>(ua + ub);
      break;
    case ExprKind::Sub:
      *out = static_cast<int64_t>(ua - ub);
      break;
    case ExprKind::Mul:
      *out = static_cast<int64_t>(ua * ub);
      break;
    case ExprKind::Div:
      *out = u ? static_cast<int64_t>(ua / ub) : a / b;
      break;
    case ExprKind::Mod:
      *out = u ? static_cast<int64_t>(ua % ub) : a % b;
      break;
    case ExprKind::FloorDiv:
      *out = u ? static_cast<int64_t>(ua / ub) : floordiv_int(a, b);
      break;
    case ExprKind::FloorMod:
      *out = u ? static_cast<int64_t>(ua % ub) : a - floordiv_int(a, b) * b;
      break;
    case ExprKind::Min:
      *out = u ? (ua < ub ? a : b) : std::min(a, b);
      break;
    case ExprKind::Max:
      *out = u ? (ua > ub ? a : b) : std::max(a, b);
      break;
    case ExprKind::EQ:
      *out = a == b;
      return true;
    case ExprKind::NE:
      *out = a != b;
      return true;
    case ExprKind::LT:
      *out = u ? ua < ub : a < b;
      return true;
    case ExprKind::LE:
      *out = u ? ua <= ub : a <= b;
      return true;
    case ExprKind::GT:
      *out = u ? ua > ub : a > b;
      return true;
    case ExprKind::GE:
      *out = u ? ua >= ub : a >= b;
      return true;
    case ExprKind::And:
      *out = a != 0 && b != 0;
      return true;
    case ExprKind::Or:
      *out = a != 0 || b != 0;
      return true;
    default:
      return false;
  }
  *out = WrapInt(t, *out);
  return true;
}

double float_op(ExprKind k, double a, double b) {
  switch (k) {
    case ExprKind::Add:
      return a + b;
    case ExprKind::Sub:
      return a - b;
    case ExprKind::Mul:
      return a * b;
    case ExprKind::Div:
      return a / b;
    case ExprKind::Mod:
      return std::fmod(a, b);
    case ExprKind::FloorDiv:
      return std::floor(a / b);
    case ExprKind::FloorMod:
      return a - std::floor(a / b) * b;
    case ExprKind::Min:
      return std::fmin(a, b);
    case ExprKind::Max:
      return std::fmax(a, b);
    case ExprKind::EQ:
      return a == b;
    case ExprKind::NE:
      return a != b;
    case ExprKind::LT:
      return a < b;
    case ExprKind::LE:
      return a <= b;
    case ExprKind::GT:
      return a > b;
    case ExprKind::GE:
      return a >= b;
    case ExprKind::And:
      return a != 0 && b != 0;
    case ExprKind::Or:
      return a != 0 || b != 0;
    default:
      return 0.0;
  }
}

}  // namespace

std::optional<Value> ApplyBinary(ExprKind kind, const Value& a, const Value& b,
                                 std::string* error) {
  // Scalar integers (index arithmetic) are by far the most common case.
  if (a.lanes() == 1 && b.lanes() == 1 && !a.is_float() && kind <= ExprKind::Max) {
    int64_t v;
    if (!int_op(kind, a.type, a.i[0], b.as_int(0), &v)) {
      *error = b.as_int(0) == 0 ? "division by zero" : "unsupported operation";
      return std::nullopt;
    }
    Value r;
    r.type = a.type;
    r.i.push_back(v);
    return r;
  }
  int lanes = std::max(a.lanes(), b.lanes());
  bool logical = ir::is_comparison(kind) || kind == ExprKind::And || kind == ExprKind::Or;
  DataType operand = a.type.with_lanes(lanes);
  Value r;
  r.type = logical ? DataType::Bool(lanes) : operand;
  for (int l = 0; l < lanes; ++l) {
    int la = a.lanes() == 1 ? 0 : l, lb = b.lanes() == 1 ? 0 : l;
    if (operand.is_float()) {
      double v = float_op(kind, a.as_double(la), b.as_double(lb));
      if (logical)
        r.i.push_back(v != 0.0);
      else
        r.f.push_back(RoundFloat(operand, v));
      continue;
    }
    int64_t v;
    if (!int_op(kind, operand, a.as_int(la), b.as_int(lb), &v)) {
      *error = (b.as_int(lb) == 0) ? "division by zero" : "unsupported operation";
      return std::nullopt;
    }
    r.i.push_back(v);
  }
  return r;
}

Value ApplyNot(const Value& a) {
  Value r;
  r.type = DataType::Bool(a.lanes());
  for (int l = 0; l < a.lanes(); ++l) r.i.push_back(!a.as_bool(l));
  return r;
}

std::optional<Value> ApplyReinterpret(DataType t, const Value& v, std::string* error) {
  auto representable = [](DataType d) {
    return d.bits() % 8 == 0 && (!d.is_float() || d.bits() == 32 || d.bits() == 64);
  };
  const DataType from = v.type;
  if (!representable(from) || !representable(t) ||
      int64_t(from.bits()) * from.lanes() != int64_t(t.bits()) * t.lanes()) {
    *error = "cannot reinterpret " + from.str() + " as " + t.str();
    return std::nullopt;
  }
  std::vector<unsigned char> bytes(size_t(from.bits() / 8) * size_t(from.lanes()));
  for (int l = 0; l < from.lanes(); ++l) {
    unsigned char* at = bytes.data() + size_t(l) * size_t(from.bits() / 8);
    if (from.is_float() && from.bits() == 32) {
      float x = static_cast<float>(v.as_double(l));
      std::memcpy(at, &x, 4);
    } else if (from.is_float()) {
      double x = v.as_double(l);
      std::memcpy(at, &x, 8);
    } else {
      uint64_t x = static_cast<uint64_t>(v.as_int(l));
      std::memcpy(at, &x, size_t(from.bits() / 8));  // little-endian: the low bytes
    }
  }
  Value r;
  r.type = t;
  for (int l = 0; l < t.lanes(); ++l) {
    const unsigned char* at = bytes.data() + size_t(l) * size_t(t.bits() / 8);
    if (t.is_float() && t.bits() == 32) {
      float x;
      std::memcpy(&x, at, 4);
      r.f.push_back(x);
    } else if (t.is_float()) {
      double x;
      std::memcpy(&x, at, 8);
      r.f.push_back(x);
    } else {
      uint64_t x = 0;
      std::memcpy(&x, at, size_t(t.bits() / 8));
      r.i.push_back(WrapInt(t, static_cast<int64_t>(x)));
    }
  }
  return r;
}

Value ApplyCast(DataType t, const Value& v) {
  Value r;
  r.type = t;
  for (int l = 0; l < t.lanes(); ++l) {
    int src = v.lanes() == 1 ? 0 : l;
    if (t.is_float()) {
      r.f.push_back(RoundFloat(t, v.as_double(src)));
    } else if (t.is_bool()) {
      r.i.push_back(v.is_float() ? v.f[src] != 0.0 : v.i[src] != 0);
    } else if (v.is_float() && t.is_uint() && v.f[src] >= 9.2233720368547758e18) {
      r.i.push_back(WrapInt(t, static_cast<int64_t>(static_cast<uint64_t>(v.f[src]))));
    } else {
      r.i.push_back(WrapInt(t, v.as_int(src)));
    }
  }
  return r;
}

Value ApplySelect(const Value& cond, const Value& t, const Value& f) {
  Value r;
  r.type = t.type.with_lanes(std::max({cond.lanes(), t.lanes(), f.lanes()}));
  for (int l = 0; l < r.lanes(); ++l) {
    bool c = cond.as_bool(cond.lanes() == 1 ? 0 : l);
    const Value& src = c ? t : f;
    int sl = src.lanes() == 1 ? 0 : l;
    if (r.is_float())
      r.f.push_back(src.as_double(sl));
    else
      r.i.push_back(src.as_int(sl));
  }
  return r;
}

}  // namespace tessera::runtime
