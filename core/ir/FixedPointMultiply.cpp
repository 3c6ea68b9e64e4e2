#include "ir/FixedPointMultiply.h"

#include <string>

#include "ir/BitOps.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"

namespace tessera::ir {

namespace {

// How TVMScript spells the call in messages.
std::string Spelled(const std::string& op) { return "T." + op.substr(4); }

Result<Expr> MakeCallOf(const char* op, std::vector<Expr> args, size_t count, size_t flags) {
  if (args.size() != count)
    return Error(Spelled(op) + " takes " + std::to_string(count) + " arguments, not " +
                 std::to_string(args.size()));
  int lanes = args[0].defined() ? args[0].dtype().lanes() : 1;
  for (size_t i = 0; i < args.size(); ++i) {
    const Expr& a = args[i];
    bool flag = i >= count - flags;
    if (!a.defined() || !(a.dtype().is_integer() || (flag && a.dtype().is_bool())))
      return Error(Spelled(op) + ": argument " + std::to_string(i + 1) + " must be " +
                   (flag ? "a bool" : "an integer") + ", not " +
                   (a.defined() ? a.dtype().str() : std::string("nothing")));
    if (a.dtype().lanes() != 1 && a.dtype().lanes() != lanes)
      return Error(Spelled(op) + ": argument " + std::to_string(i + 1) + " has " +
                   std::to_string(a.dtype().lanes()) + " lanes; x has " + std::to_string(lanes));
  }
  return MakeCall(DataType::Int(32, lanes), op, std::move(args), CallKind::PureIntrinsic);
}

// `e` as type `t` (element and lanes), a scalar broadcast.
Expr As(Expr e, DataType t) {
  if (e.dtype().lanes() == 1 && t.lanes() > 1)
    return MakeBroadcast(cast(t.element_of(), std::move(e)), t.lanes());
  return cast(t, std::move(e));
}

Result<Expr> Shift(BitOp op, const Expr& a, const Expr& count) {
  BitOpBuild b = MakeBitOp(op, a, As(count, a.dtype()));
  if (!b.expr.defined()) return Error(b.error);
  return b.expr;
}

// A constant, or the same constant in every lane.
std::optional<int64_t> ConstantOf(const Expr& e) {
  if (const int64_t* v = as_const_int(e)) return *v;
  if (const auto* b = e.as<BroadcastNode>())
    if (const int64_t* v = as_const_int(b->value)) return *v;
  return std::nullopt;
}

Status MustBeInt32(const std::string& op, const char* what, const Expr& e) {
  if (e.dtype().element_of() == DataType::Int(32)) return Status();
  return Error(Spelled(op) + ": " + what + " must be int32 to be compiled, not " + e.dtype().str());
}

// TVM's QMultiplyShift: (x << left if required) * y in int64, plus the rounding half of
// 2^(right + q), shifted right by right + q, back to int32.
Result<Expr> Expand(const Expr& x, const Expr& y, const Expr& q, const Expr& left,
                    const Expr& right, Expr left_required) {
  int lanes = x.dtype().lanes();
  DataType wide = DataType::Int(64, lanes);
  Expr x64 = As(x, wide), y64 = As(y, wide);
  auto shifted = Shift(BitOp::ShiftLeft, x64, left);
  if (!shifted) return shifted.error();
  if (!left_required.dtype().is_bool())
    left_required = ne(left_required, make_zero(left_required.dtype()));
  Expr product = mul(select(As(left_required, DataType::Bool(lanes)), *shifted, x64), y64);
  Expr total = add(As(right, wide), As(q, wide));
  auto half = Shift(BitOp::ShiftLeft, make_const(wide, int64_t{1}),
                    sub(total, make_const(wide, int64_t{1})));
  if (!half) return half.error();
  auto result = Shift(BitOp::ShiftRight, add(product, *half), total);
  if (!result) return result.error();
  return cast(DataType::Int(32, lanes), *result);
}

Result<Expr> LegalizeQMultiplyShift(const CallNode& call) {
  const std::string op = call.op;
  const Expr &x = call.args[0], &y = call.args[1], &q = call.args[2], &s = call.args[3];
  int lanes = x.dtype().lanes();
  std::optional<int64_t> multiplier = ConstantOf(y);
  if (!multiplier)
    return Error(Spelled(op) +
                 "(x, y, q, s) is compiled only with a constant multiplier y (as "
                 "in TVM); y is " +
                 to_string(y));
  if (*multiplier == int64_t{1} << 30) {
    // y is 0.5: a shift by s - 1, rounded when it goes right.
    std::optional<int64_t> shift = ConstantOf(s);
    if (!shift)
      return Error(Spelled(op) +
                   "(x, 1 << 30, q, s) is compiled only with a constant shift s "
                   "(as in TVM); s is " +
                   to_string(s));
    Expr x32 = As(x, DataType::Int(32, lanes));
    int64_t exponent = *shift - 1;
    if (exponent > 0) return Shift(BitOp::ShiftLeft, x32, make_const(DataType::Int(32), exponent));
    if (exponent == 0) return x32;
    auto half = Shift(BitOp::ShiftLeft, make_const(DataType::Int(32, lanes), int64_t{1}),
                      make_const(DataType::Int(32), -exponent - 1));
    if (!half) return half.error();
    return Shift(BitOp::ShiftRight, add(x32, *half), make_const(DataType::Int(32), -exponent));
  }
  if (Status st = MustBeInt32(op, "the multiplier y", y); !st) return st.error();
  if (Status st = MustBeInt32(op, "the shift s", s); !st) return st.error();
  Expr zero = make_zero(s.dtype());
  Expr left = select(gt(s, zero), s, zero);
  Expr right = select(gt(s, zero), zero, sub(zero, s));
  return Expand(x, y, q, left, right, ne(left, zero));
}

Result<Expr> LegalizePerAxis(const CallNode& call) {
  const std::string op = call.op;
  const std::vector<Expr>& a = call.args;
  if (Status st = MustBeInt32(op, "the multiplier y", a[1]); !st) return st.error();
  if (Status st = MustBeInt32(op, "the left shift", a[2]); !st) return st.error();
  if (Status st = MustBeInt32(op, "the right shift", a[3]); !st) return st.error();
  // The seventh argument, is_rshift_required, changes nothing in TVM's expansion.
  return Expand(a[0], a[1], a[4], a[2], a[3], a[5]);
}

}  // namespace

Result<Expr> MakeQMultiplyShift(std::vector<Expr> args) {
  return MakeCallOf(kQMultiplyShift, std::move(args), 4, 0);
}

Result<Expr> MakeQMultiplyShiftPerAxis(std::vector<Expr> args) {
  return MakeCallOf(kQMultiplyShiftPerAxis, std::move(args), 7, 2);
}

bool IsFixedPointMultiply(const CallNode& call) {
  return call.op == kQMultiplyShift || call.op == kQMultiplyShiftPerAxis;
}

Result<Expr> LegalizeFixedPointMultiply(const CallNode& call) {
  bool per_axis = call.op == kQMultiplyShiftPerAxis;
  if (!IsFixedPointMultiply(call)) return Error(call.op + " is not a fixed-point multiply");
  // Validated again: a call can also be made by name (T.call_intrin).
  std::vector<Expr> args = call.args;
  auto checked = per_axis ? MakeQMultiplyShiftPerAxis(args) : MakeQMultiplyShift(args);
  if (!checked) return checked.error();
  return per_axis ? LegalizePerAxis(call) : LegalizeQMultiplyShift(call);
}

}  // namespace tessera::ir
