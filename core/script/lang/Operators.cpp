#include "script/lang/Operators.h"

#include <cmath>
#include <limits>

#include "ir/BitOps.h"
#include "ir/ExprOp.h"

namespace tessera::script {

namespace {

using ir::Expr;

Error Unsupported(const char* op, const Value& a, const Value& b, const SourceLoc& loc) {
  return Error(std::string("unsupported operand types for ") + op + ": '" + a.type_name() +
                   "' and '" + b.type_name() + "'",
               loc);
}

Error Overflow(const char* op, const SourceLoc& loc) {
  return Error(std::string("integer overflow in '") + op + "' (script integers are 64-bit)", loc);
}

bool is_expr_like(const Value& v) { return v.is_expr() || (v.is_object() && ToExpr(v)); }

int64_t floordiv_i(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// Python's int ** int for a non-negative exponent, by repeated squaring.
bool int_pow(int64_t base, int64_t exp, int64_t* out) {
  int64_t result = 1;
  while (exp > 0) {
    if ((exp & 1) && __builtin_mul_overflow(result, base, &result)) return false;
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) return false;
  }
  *out = result;
  return true;
}

Result<Value> IntBinary(BinaryOp op, int64_t x, int64_t y, bool both_bool, const SourceLoc& loc) {
  int64_t r = 0;
  const char* s = spelling(op);
  switch (op) {
    case BinaryOp::Add:
      if (__builtin_add_overflow(x, y, &r)) return Overflow(s, loc);
      break;
    case BinaryOp::Sub:
      if (__builtin_sub_overflow(x, y, &r)) return Overflow(s, loc);
      break;
    case BinaryOp::Mul:
      if (__builtin_mul_overflow(x, y, &r)) return Overflow(s, loc);
      break;
    case BinaryOp::Div:
      if (y == 0) return Error("division by zero", loc);
      return Value::Float(static_cast<double>(x) / static_cast<double>(y));
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod:
      if (y == 0) return Error("integer division or modulo by zero", loc);
      if (x == std::numeric_limits<int64_t>::min() && y == -1) return Overflow(s, loc);
      r = op == BinaryOp::FloorDiv ? floordiv_i(x, y) : x - floordiv_i(x, y) * y;
      break;
    case BinaryOp::Pow:
      if (y < 0) return Value::Float(std::pow(static_cast<double>(x), static_cast<double>(y)));
      if (!int_pow(x, y, &r)) return Overflow(s, loc);
      break;
    case BinaryOp::BitAnd:
      r = x & y;
      if (both_bool) return Value::Bool(r != 0);
      break;
    case BinaryOp::BitOr:
      r = x | y;
      if (both_bool) return Value::Bool(r != 0);
      break;
    case BinaryOp::BitXor:
      r = x ^ y;
      if (both_bool) return Value::Bool(r != 0);
      break;
    case BinaryOp::LShift:
      if (y < 0) return Error("negative shift count", loc);
      if (y >= 63 || (x != 0 && (x > (std::numeric_limits<int64_t>::max() >> y) ||
                                 x < (std::numeric_limits<int64_t>::min() >> y))))
        return Overflow(s, loc);
      r = x * (int64_t{1} << y);
      break;
    case BinaryOp::RShift:
      if (y < 0) return Error("negative shift count", loc);
      r = y >= 63 ? (x < 0 ? -1 : 0) : (x >> y);
      break;
    case BinaryOp::MatMul:
      return Error("the '@' operator is not supported", loc);
  }
  return Value::Int(r);
}

Result<Value> FloatBinary(BinaryOp op, double x, double y, const SourceLoc& loc) {
  switch (op) {
    case BinaryOp::Add:
      return Value::Float(x + y);
    case BinaryOp::Sub:
      return Value::Float(x - y);
    case BinaryOp::Mul:
      return Value::Float(x * y);
    case BinaryOp::Div:
      if (y == 0) return Error("float division by zero", loc);
      return Value::Float(x / y);
    case BinaryOp::FloorDiv:
      if (y == 0) return Error("float floor division by zero", loc);
      return Value::Float(std::floor(x / y));
    case BinaryOp::Mod:
      if (y == 0) return Error("float modulo by zero", loc);
      return Value::Float(x - std::floor(x / y) * y);
    case BinaryOp::Pow:
      return Value::Float(std::pow(x, y));
    default:
      return Error(
          std::string("unsupported operand types for ") + spelling(op) + ": 'float' and 'float'",
          loc);
  }
}

// Gives an immediate the other operand's type (what TVM's operators do for `x ** 2`).
void match_immediate(Expr& a, Expr& b) {
  auto retype = [](Expr& imm, ir::DataType t) {
    if (auto* i = imm.as<ir::IntImmNode>())
      imm = ir::make_const(t, i->value);
    else if (auto* f = imm.as<ir::FloatImmNode>())
      imm = ir::make_const(t, f->value);
  };
  if (a.dtype() == b.dtype()) return;
  if (ir::is_const(b) && !ir::is_const(a))
    retype(b, a.dtype());
  else if (ir::is_const(a) && !ir::is_const(b))
    retype(a, b.dtype());
}

// `a & b`, `x << n`, ... on integer expressions: TVM's tir.bitwise_and / tir.shift_left.
Result<Value> BitExpr(ir::BitOp op, Expr a, Expr b, const SourceLoc& loc) {
  ir::BitOpBuild built = ir::MakeBitOp(op, std::move(a), std::move(b));
  if (!built.expr.defined()) return Error(built.error, loc);
  return Value::FromExpr(built.expr);
}

// Two vectors of different widths meet nowhere (a scalar is broadcast to the other side).
std::optional<Error> LaneMismatch(const char* op, const Expr& a, const Expr& b,
                                  const SourceLoc& loc) {
  int x = a.dtype().lanes(), y = b.dtype().lanes();
  if (x == 1 || y == 1 || x == y) return std::nullopt;
  return Error(std::string("the operands of '") + op + "' are vectors of " + std::to_string(x) +
                   " and " + std::to_string(y) + " lanes",
               loc);
}

Result<Value> ExprBinary(BinaryOp op, Expr a, Expr b, const SourceLoc& loc) {
  if (auto mismatch = LaneMismatch(spelling(op), a, b, loc)) return *mismatch;
  bool is_float = a.dtype().is_float() || b.dtype().is_float();
  bool is_bool = a.dtype().is_bool() && b.dtype().is_bool();
  bool divides = op == BinaryOp::Div || op == BinaryOp::FloorDiv || op == BinaryOp::Mod;
  if (divides && ir::is_zero(b)) return Error("division by zero", loc);
  switch (op) {
    case BinaryOp::Add:
      return Value::FromExpr(ir::add(a, b));
    case BinaryOp::Sub:
      return Value::FromExpr(ir::sub(a, b));
    case BinaryOp::Mul:
      return Value::FromExpr(ir::mul(a, b));
    case BinaryOp::Div:
      if (!is_float)
        return Error(
            "integer division with '/' is ambiguous; use '//' (floordiv), tvm.tir.truncdiv, "
            "tvm.tir.floordiv or tvm.tir.indexdiv",
            loc);
      return Value::FromExpr(ir::truncdiv(a, b));  // on floats: true division
    case BinaryOp::FloorDiv:
      if (!is_float) return Value::FromExpr(ir::floordiv(a, b));
      match_immediate(a, b);
      return Value::FromExpr(ir::MakeCall(a.dtype(), "floor", {ir::truncdiv(a, b)}));
    case BinaryOp::Mod:
      if (!is_float) return Value::FromExpr(ir::floormod(a, b));
      match_immediate(a, b);
      return Value::FromExpr(
          ir::sub(a, ir::mul(ir::MakeCall(a.dtype(), "floor", {ir::truncdiv(a, b)}), b)));
    case BinaryOp::Pow:
      match_immediate(a, b);
      return Value::FromExpr(ir::MakeCall(a.dtype(), "pow", {a, b}));
    case BinaryOp::BitAnd:
      if (is_bool) return Value::FromExpr(ir::logical_and(a, b));
      return BitExpr(ir::BitOp::And, a, b, loc);
    case BinaryOp::BitOr:
      if (is_bool) return Value::FromExpr(ir::logical_or(a, b));
      return BitExpr(ir::BitOp::Or, a, b, loc);
    case BinaryOp::BitXor:
      if (is_bool) return Value::FromExpr(ir::ne(a, b));
      return BitExpr(ir::BitOp::Xor, a, b, loc);
    case BinaryOp::LShift:
      return BitExpr(ir::BitOp::ShiftLeft, a, b, loc);
    case BinaryOp::RShift:
      return BitExpr(ir::BitOp::ShiftRight, a, b, loc);
    default:
      break;
  }
  return Error(std::string("operator '") + spelling(op) + "' is not supported on " +
                   (is_bool ? "boolean" : "integer or float") + " expressions",
               loc);
}

// Strings and sequences built by repeated doubling (`a = a + a`) are capped, so a
// script cannot exhaust memory.
constexpr size_t kMaxStringBytes = 1 << 20;
constexpr size_t kMaxSequenceItems = 1 << 16;

Result<Value> SequenceConcat(const Value& a, const Value& b, const SourceLoc& loc) {
  if (a.items().size() + b.items().size() > kMaxSequenceItems)
    return Error("sequence too long (more than " + std::to_string(kMaxSequenceItems) + " items)",
                 loc);
  std::vector<Value> items = a.items();
  items.insert(items.end(), b.items().begin(), b.items().end());
  return a.kind() == Value::Kind::Tuple ? Value::Tuple(std::move(items))
                                        : Value::List(std::move(items));
}

}  // namespace

Result<Value> ApplyBinary(BinaryOp op, const Value& a, const Value& b, const SourceLoc& loc) {
  if (a.is_integer() && b.is_integer())
    return IntBinary(op, a.as_int(), b.as_int(), a.is_bool() && b.is_bool(), loc);
  if (a.is_number() && b.is_number()) return FloatBinary(op, a.as_float(), b.as_float(), loc);
  if (op == BinaryOp::Add && a.is_string() && b.is_string()) {
    if (a.as_string().size() + b.as_string().size() > kMaxStringBytes)
      return Error("string too long (more than 1 MiB)", loc);
    return Value::String(a.as_string() + b.as_string());
  }
  if (op == BinaryOp::Add && a.is_sequence() && a.kind() == b.kind())
    return SequenceConcat(a, b, loc);
  if (is_expr_like(a) || is_expr_like(b)) {
    auto x = ToExpr(a);
    auto y = ToExpr(b);
    if (x && y) return ExprBinary(op, *x, *y, loc);
  }
  return Unsupported(spelling(op), a, b, loc);
}

Result<Value> ApplyUnary(UnaryOp op, const Value& v, const SourceLoc& loc) {
  if (v.is_integer()) {
    if (op == UnaryOp::Pos) return Value::Int(v.as_int());
    if (op == UnaryOp::Invert) return Value::Int(~v.as_int());
    if (v.as_int() == std::numeric_limits<int64_t>::min()) return Overflow("-", loc);
    return Value::Int(-v.as_int());
  }
  if (v.is_float() && op != UnaryOp::Invert)
    return Value::Float(op == UnaryOp::Neg ? -v.as_float() : v.as_float());
  if (auto e = ToExpr(v); e && !v.is_string()) {
    if (op == UnaryOp::Pos) return Value::FromExpr(*e);
    // TVM's ExprOp.__neg__: x * const(-1, x.dtype) (a uint has no -1 to multiply by).
    if (op == UnaryOp::Neg) {
      if (e->dtype().is_uint() || e->dtype().is_bool())
        return Error("cannot negate " + e->dtype().str() + " (-1 is not a " +
                         e->dtype().element_of().str() + " constant)",
                     loc);
      return Value::FromExpr(ir::mul(*e, ir::make_const(e->dtype(), int64_t{-1})));
    }
    if (e->dtype().is_bool()) return Value::FromExpr(ir::logical_not(*e));
    ir::BitOpBuild built = ir::MakeBitOp(ir::BitOp::Not, *e);
    if (!built.expr.defined()) return Error(built.error, loc);
    return Value::FromExpr(built.expr);
  }
  return Error(
      std::string("bad operand type for unary ") + spelling(op) + ": '" + v.type_name() + "'", loc);
}

namespace {

template <typename T>
bool compare(CompareOp op, const T& x, const T& y) {
  switch (op) {
    case CompareOp::LT:
      return x < y;
    case CompareOp::LE:
      return x <= y;
    case CompareOp::GT:
      return x > y;
    case CompareOp::GE:
      return x >= y;
    case CompareOp::EQ:
      return x == y;
    case CompareOp::NE:
      return x != y;
    default:
      return false;  // in / is: the interpreter's (they are not arithmetic)
  }
}

Expr compare_expr(CompareOp op, Expr a, Expr b) {
  switch (op) {
    case CompareOp::LT:
      return ir::lt(a, b);
    case CompareOp::LE:
      return ir::le(a, b);
    case CompareOp::GT:
      return ir::gt(a, b);
    case CompareOp::GE:
      return ir::ge(a, b);
    case CompareOp::EQ:
      return ir::eq(a, b);
    case CompareOp::NE:
      return ir::ne(a, b);
    default:
      return Expr();  // in / is are not expression operators
  }
}

}  // namespace

Result<Value> ApplyCompare(CompareOp op, const Value& a, const Value& b, const SourceLoc& loc) {
  if (op == CompareOp::In || op == CompareOp::NotIn || op == CompareOp::Is ||
      op == CompareOp::IsNot)
    return Error(std::string("'") + spelling(op) + "' is evaluated by the interpreter", loc);
  if (a.is_integer() && b.is_integer()) return Value::Bool(compare(op, a.as_int(), b.as_int()));
  if (a.is_number() && b.is_number()) return Value::Bool(compare(op, a.as_float(), b.as_float()));
  if (a.is_string() && b.is_string()) return Value::Bool(compare(op, a.as_string(), b.as_string()));
  if (is_expr_like(a) || is_expr_like(b)) {
    auto x = ToExpr(a);
    auto y = ToExpr(b);
    if (x && y) {
      if (auto mismatch = LaneMismatch(spelling(op), *x, *y, loc)) return *mismatch;
      return Value::FromExpr(compare_expr(op, *x, *y));
    }
  }
  bool equality = op == CompareOp::EQ || op == CompareOp::NE;
  if (equality && (a.is_none() || b.is_none() || a.kind() != b.kind()))
    return Value::Bool((a.is_none() && b.is_none()) == (op == CompareOp::EQ));
  return Error(std::string("'") + spelling(op) + "' not supported between '" + a.type_name() +
                   "' and '" + b.type_name() + "'",
               loc);
}

Result<ir::Expr> ToBoolExpr(const Value& v, const std::string& what, const SourceLoc& loc) {
  auto e = ToExpr(v);
  if (!e || v.is_string())
    return Error(what + " needs a condition, got '" + v.type_name() + "'", loc);
  if (!e->dtype().is_bool())
    return Error(what + " needs a boolean condition, got a " + e->dtype().str() + " expression",
                 loc);
  return *e;
}

Result<Value> ApplyNot(const Value& v, const SourceLoc& loc) {
  if (!is_expr_like(v)) return Value::Bool(!v.truthy());
  auto e = ToBoolExpr(v, "'not'", loc);
  if (!e) return e.error();
  return Value::FromExpr(ir::logical_not(*e));
}

Result<Value> CombineLogical(bool is_and, const Value& a, const Value& b, const SourceLoc& loc) {
  const char* what = is_and ? "'and'" : "'or'";
  auto x = ToBoolExpr(a, what, loc);
  if (!x) return x.error();
  auto y = ToBoolExpr(b, what, loc);
  if (!y) return y.error();
  return Value::FromExpr(is_and ? ir::logical_and(*x, *y) : ir::logical_or(*x, *y));
}

}  // namespace tessera::script
