#include "ir/ExprOp.h"

#include <cmath>
#include <limits>

#include "ir/Buffer.h"

namespace tessera::ir {

Expr IntImm(DataType t, int64_t value) {
  if (t.is_bool()) value = value != 0;
  return std::make_shared<const IntImmNode>(t, value);
}
Expr FloatImm(DataType t, double value) { return std::make_shared<const FloatImmNode>(t, value); }
Expr StringImm(std::string value) {
  return std::make_shared<const StringImmNode>(std::move(value));
}

Expr make_const(DataType t, int64_t value) {
  DataType s = t.element_of();
  Expr scalar = s.is_float() ? FloatImm(s, static_cast<double>(value)) : IntImm(s, value);
  return t.lanes() > 1 ? MakeBroadcast(scalar, t.lanes()) : scalar;
}
Expr make_const(DataType t, double value) {
  DataType s = t.element_of();
  Expr scalar = s.is_float() ? FloatImm(s, value) : IntImm(s, static_cast<int64_t>(value));
  return t.lanes() > 1 ? MakeBroadcast(scalar, t.lanes()) : scalar;
}
Expr make_zero(DataType t) { return make_const(t, int64_t{0}); }
Expr make_bool(bool value) { return IntImm(DataType::Bool(), value ? 1 : 0); }

Expr MakeBinary(ExprKind kind, Expr a, Expr b) {
  DataType t = a.dtype();
  if (is_comparison(kind) || kind == ExprKind::And || kind == ExprKind::Or)
    t = DataType::Bool(a.dtype().lanes());
  return std::make_shared<const BinaryNode>(kind, t, std::move(a), std::move(b));
}
Expr MakeNot(Expr a) { return std::make_shared<const NotNode>(std::move(a)); }
Expr MakeSelect(Expr c, Expr t, Expr f) {
  return std::make_shared<const SelectNode>(std::move(c), std::move(t), std::move(f));
}
Expr MakeCast(DataType t, Expr v) { return std::make_shared<const CastNode>(t, std::move(v)); }
Expr MakeCall(DataType t, std::string op, std::vector<Expr> args, CallKind kind) {
  return std::make_shared<const CallNode>(t, std::move(op), std::move(args), kind);
}
Expr MakeBufferLoad(Buffer buffer, std::vector<Expr> indices) {
  DataType t = buffer->dtype;
  if (!indices.empty() && indices.back().dtype().lanes() > 1)
    t = t.with_lanes(indices.back().dtype().lanes());
  return std::make_shared<const BufferLoadNode>(t, std::move(buffer), std::move(indices));
}
Expr MakeProducerLoad(DataProducer producer, std::vector<Expr> indices) {
  DataType t = producer->producer_dtype();
  return std::make_shared<const ProducerLoadNode>(t, std::move(producer), std::move(indices));
}
Expr MakeRamp(Expr base, Expr stride, int lanes) {
  return std::make_shared<const RampNode>(std::move(base), std::move(stride), lanes);
}
Expr MakeBroadcast(Expr value, int lanes) {
  return std::make_shared<const BroadcastNode>(std::move(value), lanes);
}
Expr MakeLet(Var var, Expr value, Expr body) {
  return std::make_shared<const LetNode>(std::move(var), std::move(value), std::move(body));
}
Expr MakeReduce(CommReducer combiner, std::vector<Expr> source, std::vector<IterVar> axis,
                Expr condition, int value_index) {
  DataType t = source.at(static_cast<size_t>(value_index)).dtype();
  if (!condition.defined()) condition = make_bool(true);
  return std::make_shared<const ReduceNode>(t, std::move(combiner), std::move(source),
                                            std::move(axis), std::move(condition), value_index);
}

// ---------------------------------------------------------------------------
const int64_t* as_const_int(const Expr& e) {
  if (!e.defined()) return nullptr;
  if (auto* n = e.as<IntImmNode>()) return &n->value;
  return nullptr;
}
bool is_const_int(const Expr& e, int64_t value) {
  const int64_t* v = as_const_int(e);
  return v && *v == value;
}
bool is_zero(const Expr& e) { return is_const_int(e, 0); }
bool is_one(const Expr& e) { return is_const_int(e, 1); }
bool is_const(const Expr& e) {
  if (!e.defined()) return false;
  if (e.as<IntImmNode>() || e.as<FloatImmNode>()) return true;
  if (auto* b = e.as<BroadcastNode>()) return is_const(b->value);
  return false;
}

namespace {

// Give an immediate the type of the other operand, so that `i64_var + 1` is int64.
void match_types(Expr& a, Expr& b) {
  if (!a.defined() || !b.defined() || a.dtype() == b.dtype()) return;
  auto retype = [](Expr& imm, DataType t) {
    if (auto* i = imm.as<IntImmNode>())
      imm = make_const(t, i->value);
    else if (auto* f = imm.as<FloatImmNode>())
      imm = make_const(t, f->value);
  };
  bool a_imm = a.as<IntImmNode>() || a.as<FloatImmNode>();
  bool b_imm = b.as<IntImmNode>() || b.as<FloatImmNode>();
  // An integer expression meeting a float constant becomes float (as in TVM), rather
  // than truncating the constant: i - 2.5 is float32(i) - 2.5f.
  if (b.as<FloatImmNode>() && !a_imm && !a.dtype().is_float()) {
    a = MakeCast(b.dtype().with_lanes(a.dtype().lanes()), a);
    return;
  }
  if (a.as<FloatImmNode>() && !b_imm && !b.dtype().is_float()) {
    b = MakeCast(a.dtype().with_lanes(b.dtype().lanes()), b);
    return;
  }
  if (b_imm && !a_imm)
    retype(b, a.dtype());
  else if (a_imm && !b_imm)
    retype(a, b.dtype());
  else if (a_imm && b_imm) {
    // both immediates: widen to the float one or the wider int
    if (a.dtype().is_float() || (!b.dtype().is_float() && a.dtype().bits() > b.dtype().bits()))
      retype(b, a.dtype());
    else
      retype(a, b.dtype());
  } else if (a.dtype().lanes() == 1 && b.dtype().lanes() > 1)
    a = MakeBroadcast(a, b.dtype().lanes());
  else if (b.dtype().lanes() == 1 && a.dtype().lanes() > 1)
    b = MakeBroadcast(b, a.dtype().lanes());
}

int64_t floordiv_i(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
int64_t floormod_i(int64_t a, int64_t b) { return a - floordiv_i(a, b) * b; }

// Wrap to the width of the type, as the hardware would.
int64_t wrap(DataType t, int64_t v) {
  if (t.is_bool()) return v != 0;
  int bits = t.bits();
  if (bits >= 64) return v;
  uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (t.is_int() && (u >> (bits - 1)) != 0) u |= ~mask;
  return static_cast<int64_t>(u);
}

// Folds `kind` when both operands are immediates; returns an undefined Expr otherwise.
Expr fold(ExprKind kind, const Expr& a, const Expr& b) {
  auto* ia = a.as<IntImmNode>();
  auto* ib = b.as<IntImmNode>();
  auto* fa = a.as<FloatImmNode>();
  auto* fb = b.as<FloatImmNode>();
  DataType t = a.dtype();
  if (ia && ib) {
    int64_t x = ia->value, y = ib->value;
    // Wrapping arithmetic is done on unsigned values: signed overflow is undefined.
    uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
    bool div_ok = y != 0 && !(x == std::numeric_limits<int64_t>::min() && y == -1);
    switch (kind) {
      case ExprKind::Add:
        return IntImm(t, wrap(t, static_cast<int64_t>(ux + uy)));
      case ExprKind::Sub:
        return IntImm(t, wrap(t, static_cast<int64_t>(ux - uy)));
      case ExprKind::Mul:
        return IntImm(t, wrap(t, static_cast<int64_t>(ux * uy)));
      case ExprKind::Div:
        if (div_ok) return IntImm(t, x / y);
        break;
      case ExprKind::Mod:
        if (div_ok) return IntImm(t, x % y);
        break;
      case ExprKind::FloorDiv:
        if (div_ok) return IntImm(t, floordiv_i(x, y));
        break;
      case ExprKind::FloorMod:
        if (div_ok) return IntImm(t, floormod_i(x, y));
        break;
      case ExprKind::Min:
        return IntImm(t, std::min(x, y));
      case ExprKind::Max:
        return IntImm(t, std::max(x, y));
      case ExprKind::EQ:
        return make_bool(x == y);
      case ExprKind::NE:
        return make_bool(x != y);
      case ExprKind::LT:
        return make_bool(x < y);
      case ExprKind::LE:
        return make_bool(x <= y);
      case ExprKind::GT:
        return make_bool(x > y);
      case ExprKind::GE:
        return make_bool(x >= y);
      case ExprKind::And:
        return make_bool(x && y);
      case ExprKind::Or:
        return make_bool(x || y);
      default:
        break;
    }
    return Expr();
  }
  if (fa && fb) {
    double x = fa->value, y = fb->value;
    switch (kind) {
      case ExprKind::Add:
        return FloatImm(t, x + y);
      case ExprKind::Sub:
        return FloatImm(t, x - y);
      case ExprKind::Mul:
        return FloatImm(t, x * y);
      case ExprKind::Div:
        if (y != 0) return FloatImm(t, x / y);
        break;
      case ExprKind::Min:
        return FloatImm(t, std::min(x, y));
      case ExprKind::Max:
        return FloatImm(t, std::max(x, y));
      case ExprKind::EQ:
        return make_bool(x == y);
      case ExprKind::NE:
        return make_bool(x != y);
      case ExprKind::LT:
        return make_bool(x < y);
      case ExprKind::LE:
        return make_bool(x <= y);
      case ExprKind::GT:
        return make_bool(x > y);
      case ExprKind::GE:
        return make_bool(x >= y);
      default:
        break;
    }
  }
  return Expr();
}

Expr binary(ExprKind kind, Expr a, Expr b) {
  match_types(a, b);
  if (Expr f = fold(kind, a, b); f.defined()) return f;
  return MakeBinary(kind, std::move(a), std::move(b));
}

}  // namespace

Expr add(Expr a, Expr b) {
  match_types(a, b);
  if (is_zero(b) && a.dtype() == b.dtype()) return a;
  if (is_zero(a) && a.dtype() == b.dtype()) return b;
  return binary(ExprKind::Add, std::move(a), std::move(b));
}
Expr sub(Expr a, Expr b) {
  match_types(a, b);
  if (is_zero(b) && a.dtype() == b.dtype()) return a;
  return binary(ExprKind::Sub, std::move(a), std::move(b));
}
Expr mul(Expr a, Expr b) {
  match_types(a, b);
  if (is_one(b) && a.dtype() == b.dtype()) return a;
  if (is_one(a) && a.dtype() == b.dtype()) return b;
  return binary(ExprKind::Mul, std::move(a), std::move(b));
}
Expr truncdiv(Expr a, Expr b) { return binary(ExprKind::Div, std::move(a), std::move(b)); }
Expr truncmod(Expr a, Expr b) { return binary(ExprKind::Mod, std::move(a), std::move(b)); }
Expr floordiv(Expr a, Expr b) { return binary(ExprKind::FloorDiv, std::move(a), std::move(b)); }
Expr floormod(Expr a, Expr b) { return binary(ExprKind::FloorMod, std::move(a), std::move(b)); }
Expr min(Expr a, Expr b) { return binary(ExprKind::Min, std::move(a), std::move(b)); }
Expr max(Expr a, Expr b) { return binary(ExprKind::Max, std::move(a), std::move(b)); }
Expr eq(Expr a, Expr b) { return binary(ExprKind::EQ, std::move(a), std::move(b)); }
Expr ne(Expr a, Expr b) { return binary(ExprKind::NE, std::move(a), std::move(b)); }
Expr lt(Expr a, Expr b) { return binary(ExprKind::LT, std::move(a), std::move(b)); }
Expr le(Expr a, Expr b) { return binary(ExprKind::LE, std::move(a), std::move(b)); }
Expr gt(Expr a, Expr b) { return binary(ExprKind::GT, std::move(a), std::move(b)); }
Expr ge(Expr a, Expr b) { return binary(ExprKind::GE, std::move(a), std::move(b)); }
Expr logical_and(Expr a, Expr b) {
  if (is_const_int(a, 1)) return b;
  if (is_const_int(b, 1)) return a;
  return binary(ExprKind::And, std::move(a), std::move(b));
}
Expr logical_or(Expr a, Expr b) {
  if (is_const_int(a, 0)) return b;
  if (is_const_int(b, 0)) return a;
  return binary(ExprKind::Or, std::move(a), std::move(b));
}
Expr logical_not(Expr a) {
  if (auto* v = as_const_int(a)) return make_bool(*v == 0);
  return MakeNot(std::move(a));
}
Expr select(Expr cond, Expr t, Expr f) {
  match_types(t, f);
  if (auto* v = as_const_int(cond)) return *v ? t : f;
  return MakeSelect(std::move(cond), std::move(t), std::move(f));
}
Expr cast(DataType t, Expr v) {
  if (v.dtype() == t) return v;
  if (auto* i = v.as<IntImmNode>()) {
    if (t.is_float()) return FloatImm(t, static_cast<double>(i->value));
    if (t.lanes() == 1) return IntImm(t, wrap(t, i->value));
  }
  if (auto* f = v.as<FloatImmNode>()) {
    if (t.is_float()) return FloatImm(t, f->value);
    if (t.lanes() == 1 && std::isfinite(f->value))
      return IntImm(t, wrap(t, static_cast<int64_t>(f->value)));
  }
  return MakeCast(t, std::move(v));
}
Expr ceildiv(Expr a, Expr b) {
  Expr bb = b;
  return floordiv(add(sub(std::move(a), make_const(bb.dtype(), int64_t{1})), std::move(b)), bb);
}

// The lowest finite value, as TVM's min_value (a max reduction's identity prints as
// T.float32(-340282346638528859811704183484516925440.0), not "-inf").
Expr min_value(DataType t) {
  if (t.is_float()) {
    if (t.bits() == 16) return make_const(t, -65504.0);
    return make_const(t, t.bits() == 64 ? std::numeric_limits<double>::lowest()
                                        : double(std::numeric_limits<float>::lowest()));
  }
  if (t.is_uint() || t.is_bool()) return make_const(t, int64_t{0});
  int64_t v =
      t.bits() >= 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (t.bits() - 1));
  return make_const(t, v);
}
Expr max_value(DataType t) {
  if (t.is_float()) {
    if (t.bits() == 16) return make_const(t, 65504.0);
    return make_const(t, t.bits() == 64 ? std::numeric_limits<double>::max()
                                        : double(std::numeric_limits<float>::max()));
  }
  if (t.is_bool()) return make_const(t, int64_t{1});
  int64_t v;
  if (t.is_uint())
    v = t.bits() >= 63 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << t.bits()) - 1;
  else
    v = t.bits() >= 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (t.bits() - 1)) - 1;
  return make_const(t, v);
}

namespace {
CommReducer make_reducer(DataType t, const std::string& name, ExprKind combine, Expr identity) {
  auto r = std::make_shared<CommReducerNode>();
  Var x("x", t), y("y", t);
  r->lhs = {x};
  r->rhs = {y};
  r->result = {MakeBinary(combine, x, y)};
  r->identity = {std::move(identity)};
  r->name = name;
  return r;
}
}  // namespace

CommReducer SumReducer(DataType t) { return make_reducer(t, "sum", ExprKind::Add, make_zero(t)); }
CommReducer MaxReducer(DataType t) { return make_reducer(t, "max", ExprKind::Max, min_value(t)); }
CommReducer MinReducer(DataType t) { return make_reducer(t, "min", ExprKind::Min, max_value(t)); }

}  // namespace tessera::ir
