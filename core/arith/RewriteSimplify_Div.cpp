// Rewrite rules for truncated division a / b (Div) and floor division floordiv(a, b).
// Floor division distributes over multiples of the divisor for every sign; truncated
// division only when the parts are provably non-negative (then both agree).
#include <algorithm>
#include <vector>

#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "arith/IntMath.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

// The dividend as d*Q + R for a symbolic divisor d = c*f1*...*fk (one monomial): a term
// is in Q when its factors include all of d's and c divides its coefficient. False when
// d is no monomial or no term is such a multiple.
bool RewriteSimplifier::SplitSymbolicMultiple(const Expr& dividend, const Expr& divisor,
                                              LinearSum* q, LinearSum* rest) {
  LinearSum d = parent_->canonical.ToSum(divisor);
  LinearSum a = parent_->canonical.ToSum(dividend);
  if (d.overflow || a.overflow || d.terms.size() != 1 || d.base != 0) return false;
  int64_t dc = d.terms[0].coeff;
  if (dc == 0 || dc == -1) return false;
  std::vector<Expr> df;
  ProductFactors(d.terms[0].atom, &df);
  *q = ConstSum(a.dtype, 0);
  *rest = ConstSum(a.dtype, a.base);
  bool found = false;
  for (const SumTerm& t : a.terms) {
    std::vector<Expr> tf;
    ProductFactors(t.atom, &tf);
    bool contains = t.coeff % dc == 0;
    for (const Expr& f : df) {
      if (!contains) break;
      auto it =
          std::find_if(tf.begin(), tf.end(), [&](const Expr& g) { return ExprDeepEqual(f, g); });
      if (it == tf.end())
        contains = false;
      else
        tf.erase(it);
    }
    if (!contains) {
      rest->AddTerm(t.atom, t.coeff);
      continue;
    }
    found = true;
    if (tf.empty()) {
      q->AddConst(t.coeff / dc);
      continue;
    }
    Expr atom = tf[0];
    for (size_t i = 1; i < tf.size(); ++i) atom = MakeBinary(ExprKind::Mul, atom, tf[i]);
    q->AddTerm(atom, t.coeff / dc);
  }
  return found && !q->overflow && !rest->overflow;
}

Expr RewriteSimplifier::VisitDiv(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  PVar x, y;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, ptruncdiv(x, 1), x, &r) || TryRewrite(e, ptruncdiv(0, x), 0, &r)) return r;
  // |a| < c: the quotient is 0.
  if (auto* c = as_const_int(n->b); c && *c > 0) {
    ConstIntBound a = Bound(n->a);
    if (a.min_value > -*c && a.max_value < *c) return make_zero(e.dtype());
  }
  auto divides = [&] { return c2.value() != 0 && c1.value() % c2.value() == 0; };
  auto positive = [&] { return c1.value() > 0 && c2.value() > 0; };
  auto whole_multiple = [&] { return positive() && c2.value() % c1.value() == 0; };
  if (TryRewrite(e, ptruncdiv(x * c1, c2), x * ptruncdiv(c1, c2), divides, &r) ||
      TryRewrite(e, ptruncdiv(x * c1, c2), ptruncdiv(x, ptruncdiv(c2, c1)), whole_multiple, &r) ||
      TryRewrite(e, ptruncdiv(ptruncdiv(x, c1), c2), ptruncdiv(x, c1 * c2), positive, &r))
    return Revisit(r);
  if (TryRewrite(
          e, ptruncdiv(x * c1 + y, c2), x * ptruncdiv(c1, c2) + ptruncdiv(y, c2),
          [&] { return divides() && ProveGE(n->a, 0) && ProveGE(y.value(), 0); }, &r) ||
      TryRewrite(
          e, ptruncdiv(y + x * c1, c2), x * ptruncdiv(c1, c2) + ptruncdiv(y, c2),
          [&] { return divides() && ProveGE(n->a, 0) && ProveGE(y.value(), 0); }, &r) ||
      TryRewrite(
          e, ptruncdiv(x + c1, c2), ptruncdiv(x, c2) + ptruncdiv(c1, c2),
          [&] { return divides() && ProveGE(x.value(), 0) && c1.value() >= 0; }, &r))
    return Revisit(r);
  if (TryRewrite(e, ptruncdiv(x * y, y), x, &r) || TryRewrite(e, ptruncdiv(y * x, y), x, &r) ||
      TryRewrite(e, ptruncdiv(x, x), 1, &r))
    return r;
  // The same for truncated division when the dividend and the rest are non-negative
  // (then both divisions agree on them).
  PVar z;
  auto rest_non_negative = [&] { return ProveGE(n->a, 0) && ProveGE(z.value(), 0); };
  if (TryRewrite(e, ptruncdiv(x * y + z, y), x + ptruncdiv(z, y), rest_non_negative, &r) ||
      TryRewrite(e, ptruncdiv(y * x + z, y), x + ptruncdiv(z, y), rest_non_negative, &r) ||
      TryRewrite(e, ptruncdiv(z + x * y, y), ptruncdiv(z, y) + x, rest_non_negative, &r) ||
      TryRewrite(e, ptruncdiv(z + y * x, y), ptruncdiv(z, y) + x, rest_non_negative, &r))
    return Revisit(r);
  PConst c3;
  if (TryRewrite(
          e, ptruncdiv(ptruncdiv(x, c1) + c2, c3), ptruncdiv(x + c1 * c2, c1 * c3),
          [&] {
            return c1.value() > 0 && c2.value() >= 0 && c3.value() > 0 && ProveGE(x.value(), 0) &&
                   CheckedMul(c1.value(), c2.value()) && CheckedMul(c1.value(), c3.value());
          },
          &r))
    return Revisit(r);
  return e;
}

Expr RewriteSimplifier::VisitFloorDiv(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  PVar x, y;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, pfloordiv(x, 1), x, &r) || TryRewrite(e, pfloordiv(0, x), 0, &r)) return r;
  // All of a in one block [k*c, k*c + c): the quotient is k.
  if (auto* c = as_const_int(n->b); c && *c > 0) {
    ConstIntBound a = Bound(n->a);
    if (a.min_value != ConstIntBound::kNegInf && a.max_value != ConstIntBound::kPosInf &&
        FloorDivInt(a.min_value, *c) == FloorDivInt(a.max_value, *c))
      return make_const(e.dtype(), FloorDivInt(a.min_value, *c));
  }
  auto divides = [&] { return c2.value() != 0 && c1.value() % c2.value() == 0; };
  auto divides_pos = [&] { return c2.value() > 0 && c1.value() % c2.value() == 0; };
  auto positive = [&] { return c1.value() > 0 && c2.value() > 0; };
  auto whole_multiple = [&] { return positive() && c2.value() % c1.value() == 0; };
  if (TryRewrite(e, pfloordiv(x * c1, c2), x * pfloordiv(c1, c2), divides, &r) ||
      TryRewrite(e, pfloordiv(x * c1, c2), pfloordiv(x, pfloordiv(c2, c1)), whole_multiple, &r) ||
      TryRewrite(e, pfloordiv(x * c1 + y, c2), x * pfloordiv(c1, c2) + pfloordiv(y, c2),
                 divides_pos, &r) ||
      TryRewrite(e, pfloordiv(y + x * c1, c2), x * pfloordiv(c1, c2) + pfloordiv(y, c2),
                 divides_pos, &r) ||
      TryRewrite(e, pfloordiv(x + c1, c2), pfloordiv(x, c2) + pfloordiv(c1, c2), divides_pos, &r) ||
      TryRewrite(e, pfloordiv(pfloordiv(x, c1), c2), pfloordiv(x, c1 * c2), positive, &r))
    return Revisit(r);
  if (TryRewrite(e, pfloordiv(x * y, y), x, &r) || TryRewrite(e, pfloordiv(y * x, y), x, &r) ||
      TryRewrite(e, pfloordiv(x, x), 1, &r))
    return r;
  // A multiple of a symbolic divisor leaves the floor quotient exactly (any sign).
  PVar z;
  if (TryRewrite(e, pfloordiv(x * y + z, y), x + pfloordiv(z, y), &r) ||
      TryRewrite(e, pfloordiv(y * x + z, y), x + pfloordiv(z, y), &r) ||
      TryRewrite(e, pfloordiv(z + x * y, y), pfloordiv(z, y) + x, &r) ||
      TryRewrite(e, pfloordiv(z + y * x, y), pfloordiv(z, y) + x, &r))
    return Revisit(r);
  // x - floormod(x, c) is a multiple of c; floormod(x, 2) + 1 is 1 or 2.
  if (TryRewrite(
          e, pfloordiv(x - pfloormod(x, c1), c1), pfloordiv(x, c1), [&] { return c1.value() > 0; },
          &r) ||
      TryRewrite(e, pfloordiv(pfloormod(x, 2) + 1, 2), pfloormod(x, 2), &r))
    return r;
  // floordiv(floordiv(x, c1) + c2, c3) == floordiv(x + c1*c2, c1*c3) for c1, c3 > 0.
  PConst c3;
  if (TryRewrite(
          e, pfloordiv(pfloordiv(x, c1) + c2, c3), pfloordiv(x + c1 * c2, c1 * c3),
          [&] {
            return c1.value() > 0 && c3.value() > 0 && CheckedMul(c1.value(), c2.value()) &&
                   CheckedMul(c1.value(), c3.value());
          },
          &r))
    return Revisit(r);
  // A non-negative symbolic divisor (so >= 1 wherever the division is defined) and a
  // dividend in [-1, 0) or [0, divisor): floordiv(-1, n) -> -1, floordiv(i, n) -> 0.
  if (!as_const_int(n->b) && ProveGE(n->b, 0)) {
    if (ProveLE(n->a, -1) && ProveGE(n->a, -1)) return make_const(e.dtype(), int64_t{-1});
    if (ProveGE(n->a, 0) && ProveLessEqual(add(n->a, make_const(e.dtype(), int64_t{1})), n->b))
      return make_const(e.dtype(), int64_t{0});
  }
  // floordiv(x*z*2 + y, z*2) -> x + floordiv(y, z*2): multiples of a symbolic divisor
  // leave the floor quotient exactly.
  LinearSum q, rest;
  if (!as_const_int(n->b) && SplitSymbolicMultiple(n->a, n->b, &q, &rest))
    return Revisit(add(SumToExpr(q), floordiv(SumToExpr(rest), n->b)));
  return e;
}

}  // namespace tessera::arith
