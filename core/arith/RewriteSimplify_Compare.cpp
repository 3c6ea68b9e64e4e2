// Rewrite rules for comparisons ==, !=, <, <=, >, >=. An integer comparison a op b is
// decided through d = canonical(a - b): by d's constant bound (x + 1 < x + 3), its
// modular set (4*x + 2 == 8*y is false), the linear facts of the context (i < n*n from
// i's loop range) or a constraint written literally. Undecided comparisons are
// normalised when that cancels something: x + 1 < 5 -> x < 4, x*4 < 16 -> x < 4.
#include <limits>
#include <utility>

#include "arith/AnalyzerImpl.h"
#include "arith/IntMath.h"
#include "arith/Pattern.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

std::optional<bool> DecideByBound(ExprKind op, const ConstIntBound& b) {
  switch (op) {
    case ExprKind::LT:
      if (b.max_value < 0) return true;
      if (b.min_value >= 0) return false;
      break;
    case ExprKind::LE:
      if (b.max_value <= 0) return true;
      if (b.min_value > 0) return false;
      break;
    case ExprKind::GT:
      if (b.min_value > 0) return true;
      if (b.max_value <= 0) return false;
      break;
    case ExprKind::GE:
      if (b.min_value >= 0) return true;
      if (b.max_value < 0) return false;
      break;
    case ExprKind::EQ:
    case ExprKind::NE: {
      std::optional<bool> equal;
      if (b.min_value > 0 || b.max_value < 0) equal = false;
      if (b.min_value == 0 && b.max_value == 0) equal = true;
      if (equal && op == ExprKind::NE) return !*equal;
      return equal;
    }
    default:
      break;
  }
  return std::nullopt;
}

// Divides `d op 0` by the gcd g of d's coefficients, rounding the constant so that the
// comparison keeps its integer meaning (4x - 6 <= 0 -> x - 1 <= 0). Returns false for
// an equality that cannot hold (4x == 6) and sets *impossible.
LinearSum DivideByGcd(ExprKind op, const LinearSum& d, int64_t g, bool* impossible) {
  LinearSum t = ConstSum(d.dtype, 0);
  for (const SumTerm& term : d.terms) t.AddTerm(term.atom, term.coeff / g);
  int64_t k = d.base;
  *impossible = false;
  switch (op) {
    case ExprKind::LE:
      t.base = -FloorDivInt(-k, g);
      break;
    case ExprKind::LT:
      t.base = -FloorDivInt(-(k + 1), g) - 1;
      break;
    case ExprKind::GE:
      t.base = FloorDivInt(k, g);
      break;
    case ExprKind::GT:
      t.base = FloorDivInt(k - 1, g) + 1;
      break;
    default:
      if (k % g != 0) *impossible = true;
      t.base = k / g;
      break;
  }
  return t;
}

// min(x, y) <= x, max(x, y) >= x and their mirrored and strict forms.
Expr MinMaxComparison(const Expr& e) {
  using namespace pattern;
  PVar x, y;
  Expr r;
  if (TryRewrite(e, pmin(x, y) <= x, 1, &r) || TryRewrite(e, pmin(y, x) <= x, 1, &r) ||
      TryRewrite(e, x >= pmin(x, y), 1, &r) || TryRewrite(e, x >= pmin(y, x), 1, &r) ||
      TryRewrite(e, pmax(x, y) >= x, 1, &r) || TryRewrite(e, pmax(y, x) >= x, 1, &r) ||
      TryRewrite(e, x <= pmax(x, y), 1, &r) || TryRewrite(e, x <= pmax(y, x), 1, &r) ||
      TryRewrite(e, pmin(x, y) > x, 0, &r) || TryRewrite(e, pmin(y, x) > x, 0, &r) ||
      TryRewrite(e, x < pmin(x, y), 0, &r) || TryRewrite(e, x < pmin(y, x), 0, &r) ||
      TryRewrite(e, pmax(x, y) < x, 0, &r) || TryRewrite(e, pmax(y, x) < x, 0, &r) ||
      TryRewrite(e, x > pmax(x, y), 0, &r) || TryRewrite(e, x > pmax(y, x), 0, &r))
    return r;
  return Expr();
}

// `d < 0` with d = A - B - 1 reads better as A <= B (and d > 0 with d = A - B + 1 as
// A >= B): both sides hold terms, as TVM rewrites them; x < 1 stays.
bool StrictBetweenTerms(ExprKind op, const LinearSum& d) {
  bool positive = false, negative = false;
  for (const SumTerm& t : d.terms) (t.coeff > 0 ? positive : negative) = true;
  return positive && negative &&
         ((op == ExprKind::LT && d.base == -1) || (op == ExprKind::GT && d.base == 1));
}

// floordiv(x, c) op k (and truncdiv) with constants c > 0, k: a comparison of x alone.
// floordiv(x, c) <= k  <=>  x <= k*c + c - 1;   floordiv(x, c) >= k  <=>  x >= k*c.
// truncdiv rounds towards zero: <= k is x <= k*c + c - 1 for k >= 0 but x <= k*c for
// k < 0; >= k is x >= k*c for k > 0 but x >= k*c - c + 1 for k <= 0.
Expr DivisionComparison(ExprKind op, const Expr& a, const Expr& b) {
  auto* div = a.as<BinaryNode>();
  const int64_t* k = as_const_int(b);
  bool flipped = false;
  if (!div || !k) {
    div = b.as<BinaryNode>();
    k = as_const_int(a);
    flipped = true;
  }
  if (!div || !k || (div->kind != ExprKind::FloorDiv && div->kind != ExprKind::Div)) return Expr();
  const int64_t* c = as_const_int(div->b);
  if (!c || *c <= 0 || !div->a.dtype().is_int() || !div->a.dtype().is_scalar()) return Expr();
  if (flipped) op = MirrorComparison(op);  // k op q  ->  q op' k
  // As "q <= hi" or "q >= lo" on integers.
  int64_t bound = *k;
  bool upper;
  switch (op) {
    case ExprKind::LT:
      upper = true;
      bound = *k - 1;
      break;
    case ExprKind::LE:
      upper = true;
      break;
    case ExprKind::GT:
      upper = false;
      bound = *k + 1;
      break;
    case ExprKind::GE:
      upper = false;
      break;
    default:
      return Expr();
  }
  bool trunc = div->kind == ExprKind::Div;
  auto kc = CheckedMul(bound, *c);
  if (!kc) return Expr();
  std::optional<int64_t> limit;
  if (upper)
    limit = trunc && bound < 0 ? kc : CheckedAdd(*kc, *c - 1);
  else
    limit = trunc && bound <= 0 ? CheckedAdd(*kc, 1 - *c) : kc;
  Expr x = div->a;
  if (!limit) return Expr();
  // The limit must be representable in x's type (x <= limit would otherwise wrap).
  if (x.dtype().bits() <= 32 && (*limit < std::numeric_limits<int32_t>::min() ||
                                 *limit > std::numeric_limits<int32_t>::max()))
    return Expr();
  Expr l = make_const(x.dtype(), *limit);
  return upper ? MakeBinary(ExprKind::LE, x, l) : MakeBinary(ExprKind::LE, l, x);
}

// min(x, c1) < c2 is x < c2 when c1 >= c2 (the clamp never decides), and likewise
// max(x, c1) > c2 is x > c2 when c1 <= c2.
Expr ClampComparison(ExprKind op, const Expr& a, const Expr& b) {
  auto* m = a.as<BinaryNode>();
  const int64_t* c2 = as_const_int(b);
  if (!m || !c2) return Expr();
  const int64_t* c1 = as_const_int(m->b);
  if (!c1) return Expr();
  bool strict = op == ExprKind::LT || op == ExprKind::GT;
  if (m->kind == ExprKind::Min && (op == ExprKind::LT || op == ExprKind::LE) &&
      (strict ? *c1 >= *c2 : *c1 > *c2))
    return MakeBinary(op, m->a, b);
  if (m->kind == ExprKind::Max && (op == ExprKind::GT || op == ExprKind::GE) &&
      (strict ? *c1 <= *c2 : *c1 < *c2))
    return MakeBinary(op, m->a, b);
  return Expr();
}

}  // namespace

// An ordering comparison decided by the bound of the canonical difference of its sides
// or by the context's facts; nullopt when neither decides it.
std::optional<bool> RewriteSimplifier::DecideOrdering(const Expr& cmp) {
  auto* n = cmp.as<BinaryNode>();
  LinearSum d = parent_->canonical.ToSum(MakeBinary(ExprKind::Sub, n->a, n->b));
  if (d.overflow) return std::nullopt;
  ConstIntBound bound = d.is_const() ? ConstIntBound{d.base, d.base} : Bound(SumToExpr(d));
  if (auto v = DecideByBound(n->kind, bound)) return v;
  if (auto fact = parent_->ComparisonFact(cmp)) return parent_->DecideByFacts(*fact);
  return std::nullopt;
}

// a < max(p, q) is a < p || a < q, a < min(p, q) is a < p && a < q, and max(p, q) < b is
// p < b && q < b (likewise <=, >, >=). When one of the two comparisons is decided the
// result is the other one: x + 1 < max(x, 8) -> x + 1 < 8 -> x < 7.
Expr RewriteSimplifier::CompareWithMinMax(ExprKind op, const Expr& a, const Expr& b) {
  Expr lhs = a, rhs = b;
  if (op == ExprKind::GT || op == ExprKind::GE) {
    std::swap(lhs, rhs);
    op = op == ExprKind::GT ? ExprKind::LT : ExprKind::LE;
  }
  if (op != ExprKind::LT && op != ExprKind::LE) return Expr();
  for (int side = 0; side < 2; ++side) {
    auto* m = (side == 0 ? rhs : lhs).as<BinaryNode>();
    if (!m || (m->kind != ExprKind::Min && m->kind != ExprKind::Max)) continue;
    bool disjunction = (side == 0) == (m->kind == ExprKind::Max);
    Expr part[2];
    for (int i = 0; i < 2; ++i) {
      const Expr& operand = i == 0 ? m->a : m->b;
      part[i] = side == 0 ? MakeBinary(op, lhs, operand) : MakeBinary(op, operand, rhs);
    }
    for (int i = 0; i < 2; ++i) {
      auto v = DecideOrdering(part[i]);
      if (!v) continue;
      if (disjunction) return *v ? make_bool(true) : Revisit(part[1 - i]);
      return *v ? Revisit(part[1 - i]) : make_bool(false);
    }
  }
  return Expr();
}

// TVM's canonical rule for `x0*s0 + ... + r + c < 0` with g the gcd of c and the scales
// other than +-1: when the remainder r (the terms g does not divide) lies in [0, g), the
// comparison is that of the scaled part divided by g (`k*32 + ax0 < n*32` with ax0 in
// [0, 32) is k < n). TVM accepts r in (-g, g); a negative r can make the sum negative
// while the scaled part is 0, so only [0, g) is taken here.
Expr RewriteSimplifier::DropSmallRemainder(ExprKind op, const LinearSum& d) {
  if (op != ExprKind::LT) return Expr();
  int64_t g = d.base;
  bool scaled = false;
  for (const SumTerm& t : d.terms)
    if (t.coeff > 1 || t.coeff < -1) {
      scaled = true;
      g = Gcd(g, t.coeff);
    }
  if (!scaled || g <= 1) return Expr();
  LinearSum divisible, remainder;
  divisible.dtype = remainder.dtype = d.dtype;
  divisible.base = d.base / g;
  for (const SumTerm& t : d.terms) {
    if (t.coeff % g == 0)
      divisible.AddTerm(t.atom, t.coeff / g);
    else
      remainder.AddTerm(t.atom, t.coeff);
  }
  if (remainder.is_const()) return Expr();  // the plain gcd division handles it
  ConstIntBound r = Bound(SumToExpr(remainder));
  if (r.min_value < 0 || r.max_value >= g) return Expr();
  return ComparisonToExpr(op, divisible);
}

Expr RewriteSimplifier::VisitCompare(const BinaryNode* n, const Expr& e) {
  ExprKind op = n->kind;
  if (auto lit = parent_->DecideByLiterals(e)) return make_bool(*lit);
  if (!IsIndex(n->a) || !IsIndex(n->b)) return e;
  if (Expr r = MinMaxComparison(e); r.defined()) return r;
  if (Expr r = DivisionComparison(op, n->a, n->b); r.defined()) return Revisit(r);
  if (Expr r = ClampComparison(op, n->a, n->b); r.defined()) return Revisit(r);
  if (Expr r = CompareWithMinMax(op, n->a, n->b); r.defined()) return r;
  LinearSum sa = parent_->canonical.ToSum(n->a), sb = parent_->canonical.ToSum(n->b);
  // Through a Sub node, so that div/mod pairs merge (floordiv(x, 2)*2 - x).
  LinearSum d = parent_->canonical.ToSum(MakeBinary(ExprKind::Sub, n->a, n->b));
  if (d.overflow) return e;
  ConstIntBound bound = d.is_const() ? ConstIntBound{d.base, d.base} : Bound(SumToExpr(d));
  if (auto v = DecideByBound(op, bound)) return make_bool(*v);
  if (op == ExprKind::EQ || op == ExprKind::NE) {
    ModularSet m = parent_->modular_set.Modular(SumToExpr(d));
    if (m.coeff > 0 && FloorModInt(m.base, m.coeff) != 0) return make_bool(op == ExprKind::NE);
  }
  if (auto fact =
          parent_->ComparisonFact(op == ExprKind::NE ? MakeBinary(ExprKind::EQ, n->a, n->b) : e)) {
    if (auto v = parent_->DecideByFacts(*fact)) return make_bool(op == ExprKind::NE ? !*v : *v);
  }
  if (Expr r = DropSmallRemainder(op, d); r.defined()) return Revisit(r);
  int64_t g = 0;
  for (const SumTerm& t : d.terms) g = Gcd(g, t.coeff);
  bool cancelled = d.terms.size() < sa.terms.size() + sb.terms.size();
  bool constants_on_both_sides = (sa.base != 0 || sa.is_const()) && (sb.base != 0 || sb.is_const());
  if (g > 1) {
    bool impossible = false;
    d = DivideByGcd(op, d, g, &impossible);
    if (impossible) return make_bool(op == ExprKind::NE);
  } else if (!cancelled && !constants_on_both_sides && !StrictBetweenTerms(op, d)) {
    return e;
  }
  return ComparisonToExpr(op, d);
}

}  // namespace tessera::arith
