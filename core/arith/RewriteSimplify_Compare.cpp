// Rewrite rules for comparisons ==, !=, <, <=, >, >=. An integer comparison a op b is
// decided through d = canonical(a - b): by d's constant bound (x + 1 < x + 3), its
// modular set (4*x + 2 == 8*y is false), the linear facts of the context (i < n*n from
// i's loop range) or a constraint written literally. Undecided comparisons are
// normalised when that cancels something: x + 1 < 5 -> x < 4, x*4 < 16 -> x < 4.
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
    default: break;
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
    case ExprKind::LE: t.base = -FloorDivInt(-k, g); break;
    case ExprKind::LT: t.base = -FloorDivInt(-(k + 1), g) - 1; break;
    case ExprKind::GE: t.base = FloorDivInt(k, g); break;
    case ExprKind::GT: t.base = FloorDivInt(k - 1, g) + 1; break;
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

}  // namespace

Expr RewriteSimplifier::VisitCompare(const BinaryNode* n, const Expr& e) {
  ExprKind op = n->kind;
  if (auto lit = parent_->DecideByLiterals(e)) return make_bool(*lit);
  if (!IsIndex(n->a) || !IsIndex(n->b)) return e;
  if (Expr r = MinMaxComparison(e); r.defined()) return r;
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
  if (auto fact = parent_->ComparisonFact(op == ExprKind::NE ? MakeBinary(ExprKind::EQ, n->a, n->b) : e)) {
    if (auto v = parent_->DecideByFacts(*fact)) return make_bool(op == ExprKind::NE ? !*v : *v);
  }
  int64_t g = 0;
  for (const SumTerm& t : d.terms) g = Gcd(g, t.coeff);
  bool cancelled = d.terms.size() < sa.terms.size() + sb.terms.size();
  bool constants_on_both_sides = (sa.base != 0 || sa.is_const()) && (sb.base != 0 || sb.is_const());
  if (g > 1) {
    bool impossible = false;
    d = DivideByGcd(op, d, g, &impossible);
    if (impossible) return make_bool(op == ExprKind::NE);
  } else if (!cancelled && !constants_on_both_sides) {
    return e;
  }
  return ComparisonToExpr(op, d);
}

}  // namespace tessera::arith
