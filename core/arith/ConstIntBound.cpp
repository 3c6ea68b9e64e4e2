#include <algorithm>

#include "arith/AnalyzerImpl.h"
#include "arith/IntMath.h"
#include "arith/IntSet.h"
#include "ir/BitIntrinsics.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

constexpr int64_t kPos = ConstIntBound::kPosInf;
constexpr int64_t kNeg = ConstIntBound::kNegInf;

ConstIntBound Make(int64_t lo, int64_t hi) { return ConstIntBound{lo, hi}; }
ConstIntBound Everything() { return Make(kNeg, kPos); }

bool IsInf(int64_t v) { return v == kPos || v == kNeg; }
int64_t Negate(int64_t v) { return v == kPos ? kNeg : v == kNeg ? kPos : -v; }

// Adds two lower ends (-inf wins) or two upper ends (+inf wins), saturating.
int64_t AddLo(int64_t a, int64_t b) {
  if (a == kNeg || b == kNeg) return kNeg;
  if (a == kPos || b == kPos) return kPos;
  auto r = CheckedAdd(a, b);
  return r ? *r : (a > 0 ? kPos : kNeg);
}
int64_t AddHi(int64_t a, int64_t b) {
  if (a == kPos || b == kPos) return kPos;
  if (a == kNeg || b == kNeg) return kNeg;
  auto r = CheckedAdd(a, b);
  return r ? *r : (a > 0 ? kPos : kNeg);
}

int Sign(int64_t v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

int64_t MulInf(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  if (IsInf(a) || IsInf(b)) return Sign(a) * Sign(b) > 0 ? kPos : kNeg;
  auto r = CheckedMul(a, b);
  if (r) return *r;
  return Sign(a) * Sign(b) > 0 ? kPos : kNeg;
}

// a / b rounded toward zero (trunc) or down (floor); b != 0; infinities allowed.
int64_t DivInf(int64_t a, int64_t b, bool floor) {
  if (IsInf(b)) {
    if (IsInf(a)) return Sign(a) * Sign(b) > 0 ? kPos : kNeg;
    return floor && a != 0 && Sign(a) != Sign(b) ? -1 : 0;
  }
  if (IsInf(a)) return Sign(a) * Sign(b) > 0 ? kPos : kNeg;
  if (b == -1) return Negate(a);
  return floor ? FloorDivInt(a, b) : a / b;
}

ConstIntBound FromCorners(int64_t v0, int64_t v1, int64_t v2, int64_t v3) {
  return Make(std::min({v0, v1, v2, v3}), std::max({v0, v1, v2, v3}));
}

ConstIntBound Intersect(ConstIntBound a, ConstIntBound b) {
  return Make(std::max(a.min_value, b.min_value), std::min(a.max_value, b.max_value));
}

int64_t MinusOne(int64_t v) { return IsInf(v) ? v : v - 1; }

}  // namespace

ConstIntBound ConstIntBoundAnalyzer::TypeBound(DataType t) {
  if (t.is_bool()) return Make(0, 1);
  if (t.is_int()) {
    if (t.bits() >= 64) return Everything();
    return Make(-(int64_t{1} << (t.bits() - 1)), (int64_t{1} << (t.bits() - 1)) - 1);
  }
  if (t.is_uint()) {
    if (t.bits() >= 63) return Make(0, kPos);
    return Make(0, (int64_t{1} << t.bits()) - 1);
  }
  return Everything();
}

ConstIntBound ConstIntBoundAnalyzer::Bound(const Expr& e) {
  if (!e.defined()) return Everything();
  return Visit(e);
}

ConstIntBound ConstIntBoundAnalyzer::Visit(const Expr& e) {
  if (depth_ >= kMaxAnalyzerDepth) return TypeBound(e.dtype());
  ++depth_;
  ConstIntBound r = TypeBound(e.dtype());
  if (auto* imm = e.as<IntImmNode>()) {
    r = Make(imm->value, imm->value);
  } else if (e.as<VarNode>()) {
    r = VisitVar(e);
  } else if (auto* b = e.as<BinaryNode>()) {
    r = VisitBinary(b, e);
  } else if (auto* call = e.as<CallNode>()) {
    r = VisitBitCall(call, e);
  } else if (auto* s = e.as<SelectNode>()) {
    ConstIntBound t = Visit(s->true_value), f = Visit(s->false_value);
    r = Make(std::min(t.min_value, f.min_value), std::max(t.max_value, f.max_value));
  } else if (e.as<CastNode>()) {
    r = VisitCast(e);
  } else if (e.as<LetNode>()) {
    r = VisitLet(e);
  } else if (auto* bc = e.as<BroadcastNode>()) {
    r = Visit(bc->value);
  } else if (auto* ramp = e.as<RampNode>()) {
    ConstIntBound base = Visit(ramp->base), stride = Visit(ramp->stride);
    ConstIntBound steps = Make(0, ramp->lanes - 1);
    r = FromCorners(MulInf(stride.min_value, 0), MulInf(stride.max_value, 0),
                    MulInf(stride.min_value, steps.max_value),
                    MulInf(stride.max_value, steps.max_value));
    r = Make(AddLo(base.min_value, r.min_value), AddHi(base.max_value, r.max_value));
  }
  --depth_;
  return r;
}

ConstIntBound ConstIntBoundAnalyzer::VisitBinary(const BinaryNode* n, const Expr& e) {
  if (!e.dtype().is_integer()) return TypeBound(e.dtype());
  ConstIntBound a = Visit(n->a), b = Visit(n->b);
  switch (n->kind) {
    case ExprKind::Add:
      return Make(AddLo(a.min_value, b.min_value), AddHi(a.max_value, b.max_value));
    case ExprKind::Sub:
      return Make(AddLo(a.min_value, Negate(b.max_value)), AddHi(a.max_value, Negate(b.min_value)));
    case ExprKind::Mul:
      return FromCorners(MulInf(a.min_value, b.min_value), MulInf(a.min_value, b.max_value),
                         MulInf(a.max_value, b.min_value), MulInf(a.max_value, b.max_value));
    case ExprKind::Min:
      return Make(std::min(a.min_value, b.min_value), std::min(a.max_value, b.max_value));
    case ExprKind::Max:
      return Make(std::max(a.min_value, b.min_value), std::max(a.max_value, b.max_value));
    case ExprKind::Div:
    case ExprKind::Mod:
    case ExprKind::FloorDiv:
    case ExprKind::FloorMod:
      return VisitDivMod(n->kind, a, b);
    default:
      return TypeBound(e.dtype());
  }
}

// TVM's rules for its bit builtins: `x & c` with a non-negative side lies in [0, c];
// `x >> c` for a constant count is floordiv by 2^c (exact for int and uint). Any other
// call keeps the bound of its type.
ConstIntBound ConstIntBoundAnalyzer::VisitBitCall(const CallNode* n, const Expr& e) {
  auto bit = ir::LookupBitOp(n->op);
  if (!bit || !e.dtype().is_integer() || static_cast<int>(n->args.size()) != bit->arity ||
      bit->arity != 2)
    return TypeBound(e.dtype());
  ConstIntBound a = Visit(n->args[0]), b = Visit(n->args[1]);
  if (bit->op == ir::BitOp::And) {
    if (a.min_value >= 0 && b.min_value >= 0) return Make(0, std::min(a.max_value, b.max_value));
    if (a.min_value >= 0) return Make(0, a.max_value);
    if (b.min_value >= 0) return Make(0, b.max_value);
  }
  if (bit->op == ir::BitOp::ShiftRight && b.min_value == b.max_value && b.min_value >= 0 &&
      b.min_value < e.dtype().bits() && b.min_value < 63) {
    auto shift = [&](int64_t v) { return IsInf(v) ? v : (v >> b.min_value); };
    return Make(shift(a.min_value), shift(a.max_value));
  }
  return TypeBound(e.dtype());
}

ConstIntBound ConstIntBoundAnalyzer::VisitDivMod(ExprKind kind, const ConstIntBound& a,
                                                 const ConstIntBound& b) {
  bool floor = kind == ExprKind::FloorDiv || kind == ExprKind::FloorMod;
  if (kind == ExprKind::Div || kind == ExprKind::FloorDiv) {
    ConstIntBound d = b;
    // Division by zero is undefined: a divisor range touching 0 only at one end is
    // treated as excluding it.
    if (d.min_value == 0) d.min_value = 1;
    if (d.max_value == 0) d.max_value = -1;
    if (d.min_value > d.max_value) return Everything();
    if (d.min_value < 0 && d.max_value > 0) {
      // Both signs: |quotient| <= |a| as |divisor| >= 1.
      int64_t m = std::max(Negate(a.min_value), a.max_value);
      return Make(Negate(m), m);
    }
    return FromCorners(
        DivInf(a.min_value, d.min_value, floor), DivInf(a.min_value, d.max_value, floor),
        DivInf(a.max_value, d.min_value, floor), DivInf(a.max_value, d.max_value, floor));
  }
  // Modulo: |result| < max |divisor|.
  int64_t limit = MinusOne(std::max(Negate(b.min_value), b.max_value));
  if (floor && b.min_value > 0) {
    // Non-negative result below the divisor.
    return Make(0, a.min_value >= 0 ? std::min(a.max_value, limit) : limit);
  }
  if (floor && b.max_value < 0) return Make(b.min_value == kNeg ? kNeg : b.min_value + 1, 0);
  if (floor) return Make(Negate(limit), limit);
  // Truncated modulo takes the sign of the dividend.
  int64_t lo = a.min_value >= 0 ? 0 : std::max(a.min_value, Negate(limit));
  int64_t hi = a.max_value <= 0 ? 0 : std::min(a.max_value, limit);
  return Make(lo, hi);
}

ConstIntBound ConstIntBoundAnalyzer::VisitCast(const Expr& e) {
  auto* n = e.as<CastNode>();
  ConstIntBound target = TypeBound(e.dtype());
  DataType from = n->value.dtype();
  if (!e.dtype().is_integer() || !(from.is_integer() || from.is_bool())) return target;
  ConstIntBound v = Visit(n->value);
  // A value that fits keeps its bound; otherwise the cast may wrap anywhere.
  if (v.min_value >= target.min_value && v.max_value <= target.max_value) return v;
  return target;
}

ConstIntBound ConstIntBoundAnalyzer::VisitLet(const Expr& e) {
  auto* n = e.as<LetNode>();
  const VarNode* var = n->var.as<VarNode>();
  ConstIntBound value = Visit(n->value);
  auto saved = let_bounds_.find(var) != let_bounds_.end()
                   ? std::optional<ConstIntBound>(let_bounds_[var])
                   : std::nullopt;
  let_bounds_[var] = value;
  ConstIntBound body = Visit(n->body);
  if (saved)
    let_bounds_[var] = *saved;
  else
    let_bounds_.erase(var);
  return body;
}

ConstIntBound ConstIntBoundAnalyzer::VisitVar(const Expr& e) {
  if (is_pos_inf(e)) return Make(kPos, kPos);
  if (is_neg_inf(e)) return Make(kNeg, kNeg);
  const VarNode* node = e.as<VarNode>();
  if (auto it = let_bounds_.find(node); it != let_bounds_.end()) return it->second;
  if (cache_version_ != parent_->ctx.version()) {
    cache_.clear();
    cache_version_ = parent_->ctx.version();
  }
  if (auto it = cache_.find(node); it != cache_.end()) return it->second;
  ConstIntBound base = TypeBound(e.dtype());
  if (node->is_size_var) base.min_value = std::max<int64_t>(base.min_value, 0);
  // A cyclic binding (x in [0, y), y in [0, x)) stops at the type's range.
  if (resolving_.count(node)) return base;
  bool top_level = resolving_.empty();
  resolving_.insert(node);
  ConstIntBound r = ComputeVarBound(Var::from(e));
  resolving_.erase(node);
  // Results computed under a cycle guard may be weaker than the truth: cache only
  // top-level ones.
  if (top_level) cache_[node] = r;
  return r;
}

ConstIntBound ConstIntBoundAnalyzer::ComputeVarBound(const Var& v) {
  ConstIntBound r = TypeBound(v.dtype());
  // Size vars (shape variables) are non-negative everywhere (bound-info RFC).
  if (v->is_size_var) r.min_value = std::max<int64_t>(r.min_value, 0);
  const ConstraintContext& ctx = parent_->ctx;
  if (auto it = ctx.values.find(v); it != ctx.values.end()) r = Intersect(r, Visit(it->second));
  // The var's own range binding (other vars' bindings are not facts about v: a loop
  // `for j in [0, n)` only says n >= 1 inside the loop).
  if (auto it = ctx.range_facts.find(v); it != ctx.range_facts.end()) {
    for (const LinearFact& f : it->second) r = Intersect(r, BoundFromFact(f, v));
  }
  ctx.ForEachFact(false, [&](const LinearFact& f) { r = Intersect(r, BoundFromFact(f, v)); });
  return r;
}

// From c*v + rest <= 0 (or == 0): v <= -rest/c for c > 0, v >= rest/|c| for c < 0.
ConstIntBound ConstIntBoundAnalyzer::BoundFromFact(const LinearFact& fact, const Expr& var) {
  int64_t c = fact.sum.CoeffOf(var);
  if (c == 0 || fact.sum.overflow) return Everything();
  LinearSum rest = fact.sum;
  rest.AddTerm(var, -c);
  ConstIntBound rb = Visit(SumToExpr(rest));
  int64_t ac = c > 0 ? c : -c;
  // q bounds |c|*v: |c|*v <= q.max when c > 0, |c|*v >= q.min when c < 0, both for ==.
  ConstIntBound q = c > 0 ? Make(Negate(rb.max_value), Negate(rb.min_value)) : rb;
  ConstIntBound r = Everything();
  if ((c > 0 || fact.equality) && !IsInf(q.max_value)) r.max_value = FloorDivInt(q.max_value, ac);
  if ((c < 0 || fact.equality) && !IsInf(q.min_value)) r.min_value = -FloorDivInt(-q.min_value, ac);
  return r;
}

}  // namespace tessera::arith
