// Rewrite rules for vector index arithmetic: integer ramps and broadcasts, as
// VectorizeLoops produces them. The goal is the form codegen can load contiguously:
//   floordiv(ramp(n.outer*32, 1, 32), x32(32))  -> x32(n.outer)
//   floormod(ramp(n.outer*32, 1, 32), x32(32))  -> ramp(0, 1, 32)
//   x32(a)*x32(1024) + ramp(0, 1, 32)           -> ramp(a*1024, 1, 32)
// Element-wise operations on broadcasts become one scalar operation broadcast; ramps
// combine with ramps and broadcasts lane by lane; division and modulo of a ramp by a
// broadcast constant are rewritten only when the modular set or the bounds of the base
// prove that no two lanes straddle a multiple of the divisor (or the stride is a
// multiple of it); comparisons, min and max are decided per lane from the range of the
// lanes when that range is provably on one side.
#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "arith/IntMath.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

bool IsDivision(ExprKind k) {
  return k == ExprKind::Div || k == ExprKind::FloorDiv || k == ExprKind::Mod ||
         k == ExprKind::FloorMod;
}
bool IsComparison(ExprKind k) {
  return k == ExprKind::LT || k == ExprKind::LE || k == ExprKind::GT || k == ExprKind::GE ||
         k == ExprKind::EQ || k == ExprKind::NE;
}

using LaneForm = RewriteSimplifier::LaneForm;

// The operand of a vector operation seen as a ramp: a broadcast is a ramp of stride 0.
std::optional<LaneForm> AsLanes(const Expr& e) {
  if (auto* b = e.as<BroadcastNode>()) return LaneForm{b->value, make_zero(b->value.dtype()), true};
  if (auto* r = e.as<RampNode>()) return LaneForm{r->base, r->stride, false};
  return std::nullopt;
}

// The value of every lane of a broadcast constant (x8(True), x4(0)), else nullptr.
const int64_t* BroadcastConstant(const Expr& e) {
  auto* b = e.as<BroadcastNode>();
  return b ? as_const_int(b->value) : nullptr;
}

}  // namespace

const int64_t* AsUniformConstant(const Expr& e) {
  if (const int64_t* v = as_const_int(e)) return v;
  return BroadcastConstant(e);
}

Expr RewriteSimplifier::VisitRamp(const RampNode* n, const Expr& e) {
  Expr base = Visit(n->base), stride = Visit(n->stride);
  // A ramp that does not move is a broadcast (codegen then loads one element).
  if (is_zero(stride)) return MakeBroadcast(base, n->lanes);
  if (base.same_as(n->base) && stride.same_as(n->stride)) return e;
  return MakeRamp(base, stride, n->lanes);
}

Expr RewriteSimplifier::VisitBroadcast(const BroadcastNode* n, const Expr& e) {
  Expr v = Visit(n->value);
  if (v.same_as(n->value)) return e;
  return MakeBroadcast(v, n->lanes);
}

bool RewriteSimplifier::IsVectorArith(const Expr& e) {
  auto* n = e.as<BinaryNode>();
  if (!n || !n->a.dtype().is_vector()) return false;
  DataType t = n->a.dtype();
  return t.is_int() || t.is_uint() || t.is_bool();
}

std::optional<std::pair<Expr, Expr>> RewriteSimplifier::LaneRange(const Expr& base,
                                                                  const Expr& stride, int lanes) {
  const int64_t* s = as_const_int(stride);
  if (!s) return std::nullopt;
  auto span = CheckedMul(*s, lanes - 1);
  if (!span) return std::nullopt;
  Expr last = Revisit(add(base, make_const(base.dtype(), *span)));
  if (*s >= 0) return std::make_pair(base, last);
  return std::make_pair(last, base);
}

Expr RewriteSimplifier::VisitVectorBinary(const BinaryNode* n, const Expr& e) {
  int lanes = e.dtype().lanes();
  // Lanes of && and || with a side the same in every lane (a vectorized guard whose
  // scalar half was decided: (ramp(0, 1, 8) >= x8(1)) && x8(True)).
  if (n->kind == ExprKind::And || n->kind == ExprKind::Or) {
    const bool is_and = n->kind == ExprKind::And;
    for (const auto& [side, other] : {std::pair{n->a, n->b}, std::pair{n->b, n->a}}) {
      const int64_t* v = BroadcastConstant(side);
      if (!v) continue;
      if ((*v != 0) == is_and) return other;  // x && true, x || false
      return side;                            // x && false, x || true
    }
  }
  auto la = AsLanes(n->a), lb = AsLanes(n->b);
  if (!la || !lb) return e;
  // x(a) op x(b) -> x(a op b): one scalar operation for all lanes.
  if (la->is_broadcast && lb->is_broadcast)
    return MakeBroadcast(Revisit(MakeBinary(n->kind, la->base, lb->base)), lanes);
  if (!n->a.dtype().is_integer()) return e;
  auto ramp = [&](const Expr& base, const Expr& stride) {
    return Revisit(MakeRamp(Revisit(base), Revisit(stride), lanes));
  };
  switch (n->kind) {
    case ExprKind::Add:
      return ramp(add(la->base, lb->base), add(la->stride, lb->stride));
    case ExprKind::Sub:
      return ramp(sub(la->base, lb->base), sub(la->stride, lb->stride));
    case ExprKind::Mul:
      // Lane k of ramp(b, s)*x(v) is (b + k*s)*v: a ramp again. ramp*ramp is quadratic.
      if (lb->is_broadcast) return ramp(mul(la->base, lb->base), mul(la->stride, lb->base));
      if (la->is_broadcast) return ramp(mul(la->base, lb->base), mul(la->base, lb->stride));
      return e;
    case ExprKind::Min:
    case ExprKind::Max:
      return VisitVectorMinMax(n, *la, *lb, e);
    default:
      break;
  }
  if (IsDivision(n->kind) && lb->is_broadcast) return VisitRampDivMod(n->kind, *la, lb->base, e);
  if (IsComparison(n->kind)) return VisitVectorCompare(n->kind, *la, *lb, e);
  return e;
}

// min/max of two lane forms: equal strides take the scalar min/max of the bases; a ramp
// against a broadcast is decided when one lies below the other in every lane.
Expr RewriteSimplifier::VisitVectorMinMax(const BinaryNode* n, const LaneForm& a, const LaneForm& b,
                                          const Expr& e) {
  int lanes = e.dtype().lanes();
  if (ExprDeepEqual(a.stride, b.stride))
    return Revisit(MakeRamp(Revisit(MakeBinary(n->kind, a.base, b.base)), a.stride, lanes));
  auto ra = LaneRange(a.base, a.stride, lanes), rb = LaneRange(b.base, b.stride, lanes);
  if (!ra || !rb) return e;
  bool a_below = ProveLessEqual(ra->second, rb->first);  // every lane of a <= every lane of b
  bool b_below = ProveLessEqual(rb->second, ra->first);
  bool is_min = n->kind == ExprKind::Min;
  if (a_below) return is_min ? n->a : n->b;
  if (b_below) return is_min ? n->b : n->a;
  return e;
}

// Lanes of a - b form ramp(a.base - b.base, a.stride - b.stride); the comparison is
// decided for all lanes when that ramp's range is on one side of zero. Equal strides
// compare the bases only (one scalar comparison broadcast).
Expr RewriteSimplifier::VisitVectorCompare(ExprKind kind, const LaneForm& a, const LaneForm& b,
                                           const Expr& e) {
  int lanes = e.dtype().lanes();
  if (ExprDeepEqual(a.stride, b.stride))
    return MakeBroadcast(Revisit(MakeBinary(kind, a.base, b.base)), lanes);
  Expr dbase = Revisit(sub(a.base, b.base)), dstride = Revisit(sub(a.stride, b.stride));
  auto range = LaneRange(dbase, dstride, lanes);
  if (!range) return e;
  Expr zero = make_zero(dbase.dtype()), one = make_const(dbase.dtype(), int64_t{1});
  auto all_lt = [&] { return ProveLessEqual(add(range->second, one), zero); };  // max < 0
  auto all_le = [&] { return ProveLessEqual(range->second, zero); };            // max <= 0
  auto all_gt = [&] { return ProveLessEqual(one, range->first); };              // min > 0
  auto all_ge = [&] { return ProveLessEqual(zero, range->first); };             // min >= 0
  std::optional<bool> v;
  switch (kind) {
    case ExprKind::LT:
      v = all_lt() ? std::optional(true) : all_ge() ? std::optional(false) : std::nullopt;
      break;
    case ExprKind::LE:
      v = all_le() ? std::optional(true) : all_gt() ? std::optional(false) : std::nullopt;
      break;
    case ExprKind::GT:
      v = all_gt() ? std::optional(true) : all_le() ? std::optional(false) : std::nullopt;
      break;
    case ExprKind::GE:
      v = all_ge() ? std::optional(true) : all_lt() ? std::optional(false) : std::nullopt;
      break;
    case ExprKind::EQ:
      if (all_lt() || all_gt()) v = false;
      break;
    case ExprKind::NE:
      if (all_lt() || all_gt()) v = true;
      break;
    default:
      break;
  }
  if (!v) return e;
  return MakeBroadcast(make_bool(*v), lanes);
}

// div/mod of ramp(b, s, lanes) by a broadcast constant c > 0 (floor flavour; the
// truncated one when every lane is provably non-negative, where both agree):
//  - s a multiple of c: lane k is b + k*(s/c)*c, so the quotient is
//    ramp(b // c, s / c) and the remainder x(b % c);
//  - no lane crosses a multiple of c: the quotient is x(b // c) and the remainder
//    ramp(b % c, s). Proven from the modular set of b (b mod c takes the values
//    r0 + j*g, g = gcd(coeff, c), so r0 + (lanes-1)*s < g keeps a block) or from the
//    constant bounds of all lanes falling in one block.
Expr RewriteSimplifier::VisitRampDivMod(ExprKind kind, const LaneForm& a, const Expr& divisor,
                                        const Expr& e) {
  int lanes = e.dtype().lanes();
  const int64_t* cp = as_const_int(divisor);
  const int64_t* sp = as_const_int(a.stride);
  if (!cp || *cp <= 0 || !sp) return e;
  int64_t c = *cp, s = *sp;
  auto span = CheckedMul(s, lanes - 1);
  if (!span) return e;
  bool is_div = kind == ExprKind::Div || kind == ExprKind::FloorDiv;
  if (kind == ExprKind::Div || kind == ExprKind::Mod) {
    ConstIntBound b = Bound(a.base);
    int64_t low_lane_offset = std::min<int64_t>(0, *span);
    if (b.min_value == ConstIntBound::kNegInf || b.min_value + low_lane_offset < 0) return e;
  }
  ExprKind div_kind = kind == ExprKind::Mod        ? ExprKind::Div
                      : kind == ExprKind::FloorMod ? ExprKind::FloorDiv
                                                   : kind;
  ExprKind mod_kind = kind == ExprKind::Div        ? ExprKind::Mod
                      : kind == ExprKind::FloorDiv ? ExprKind::FloorMod
                                                   : kind;
  Expr cexpr = make_const(a.base.dtype(), c);
  auto quotient = [&] { return Revisit(MakeBinary(div_kind, a.base, cexpr)); };
  if (s % c == 0) {
    if (is_div) return Revisit(MakeRamp(quotient(), make_const(a.stride.dtype(), s / c), lanes));
    return MakeBroadcast(Revisit(MakeBinary(mod_kind, a.base, cexpr)), lanes);
  }
  bool one_block = false;
  ModularSet m = parent_->modular_set.Modular(a.base);
  int64_t g = Gcd(m.coeff, c);
  if (g > 0) {
    int64_t r0 = FloorModInt(m.base, g);
    one_block = s >= 0 ? r0 + *span < g : r0 + *span >= 0;
  }
  if (!one_block) {
    ConstIntBound b = Bound(a.base);
    if (b.min_value != ConstIntBound::kNegInf && b.max_value != ConstIntBound::kPosInf) {
      auto lo = CheckedAdd(b.min_value, std::min<int64_t>(0, *span));
      auto hi = CheckedAdd(b.max_value, std::max<int64_t>(0, *span));
      one_block = lo && hi && FloorDivInt(*lo, c) == FloorDivInt(*hi, c);
    }
  }
  if (!one_block) return e;
  if (is_div) return MakeBroadcast(quotient(), lanes);
  return Revisit(MakeRamp(Revisit(MakeBinary(mod_kind, a.base, cexpr)), a.stride, lanes));
}

}  // namespace tessera::arith
