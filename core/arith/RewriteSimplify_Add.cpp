// Rewrite rules for a + b (operands already simplified, not both constant).
#include "arith/AnalyzerImpl.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

// An addend that cancels a term inside a min/max moves into it (TVM's rules):
//   min(x, y - z) + z -> min(x + z, y),  max(0, 1 - x*4) + x*4 -> max(x*4, 1),
//   min(x + 2, y + 3) + -2 -> min(x, y + 1).
// The result has one operation fewer. Undefined when no rule applies.
Expr RewriteSimplifier::AbsorbIntoMinMax(const Expr& e) {
  PVar x, y, z;
  PConst c1, c2;
  Expr r;
  auto opposite = [&] { return c1.value() + c2.value() == 0; };
  // Both orders of the addition: the canonical form puts the larger coefficient first.
  Expr swapped;
  if (auto* n = e.as<BinaryNode>()) swapped = MakeBinary(ExprKind::Add, n->b, n->a);
  for (const Expr& t : {e, swapped}) {
    if (TryRewrite(t, pmin(x, y - z) + z, pmin(x + z, y), &r) ||
        TryRewrite(t, pmin(y - z, x) + z, pmin(y, x + z), &r) ||
        TryRewrite(t, pmax(x, y - z) + z, pmax(x + z, y), &r) ||
        TryRewrite(t, pmax(y - z, x) + z, pmax(y, x + z), &r) ||
        TryRewrite(t, pmin(x, y + c1) + c2, pmin(x + c2, y), opposite, &r) ||
        TryRewrite(t, pmin(y + c1, x) + c2, pmin(y, x + c2), opposite, &r) ||
        TryRewrite(t, pmax(x, y + c1) + c2, pmax(x + c2, y), opposite, &r) ||
        TryRewrite(t, pmax(y + c1, x) + c2, pmax(y, x + c2), opposite, &r) ||
        TryRewrite(t, pmin(x + c1, y) + c2, pmin(x, y + c2), opposite, &r) ||
        TryRewrite(t, pmax(x + c1, y) + c2, pmax(x, y + c2), opposite, &r))
      return Revisit(r);
  }
  return Expr();
}

Expr RewriteSimplifier::VisitAdd(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  PVar x, y, z, w, u;
  PConst c1, c2;
  Expr r;
  auto divisor_nonzero = [&] { return c1.value() != 0; };
  // Constants move right and merge.
  if (TryRewrite(e, c1 + x, x + c1, &r) || TryRewrite(e, x + 0, x, &r) ||
      TryRewrite(e, (x + c1) + c2, x + (c1 + c2), &r) ||
      TryRewrite(e, (x - c1) + c2, x + (c2 - c1), &r) ||
      TryRewrite(e, (c1 - x) + c2, (c1 + c2) - x, &r) ||
      TryRewrite(e, (x + c1) + y, (x + y) + c1, &r) ||
      TryRewrite(e, x + (y + c1), (x + y) + c1, &r))
    return Revisit(r);
  // Like terms.
  if (TryRewrite(e, x + x, x * 2, &r) || TryRewrite(e, x * c1 + x, x * (c1 + 1), &r) ||
      TryRewrite(e, x + x * c1, x * (c1 + 1), &r) ||
      TryRewrite(e, x * c1 + x * c2, x * (c1 + c2), &r))
    return Revisit(r);
  // Cancellation.
  if (TryRewrite(e, (x - y) + y, x, &r) || TryRewrite(e, y + (x - y), x, &r) ||
      TryRewrite(e, (0 - x) + y, y - x, &r) || TryRewrite(e, x + (0 - y), x - y, &r) ||
      TryRewrite(e, pmin(x, y) + pmax(x, y), x + y, &r) ||
      TryRewrite(e, pmax(x, y) + pmin(x, y), x + y, &r))
    return Revisit(r);
  // div * c + mod == the dividend (both division flavours).
  if (TryRewrite(e, pfloordiv(x, c1) * c1 + pfloormod(x, c1), x, divisor_nonzero, &r) ||
      TryRewrite(e, pfloormod(x, c1) + pfloordiv(x, c1) * c1, x, divisor_nonzero, &r) ||
      TryRewrite(e, ptruncdiv(x, c1) * c1 + ptruncmod(x, c1), x, divisor_nonzero, &r) ||
      TryRewrite(e, ptruncmod(x, c1) + ptruncdiv(x, c1) * c1, x, divisor_nonzero, &r))
    return r;
  if (TryRewrite(e, pselect(x, y, z) + pselect(x, w, u), pselect(x, y + w, z + u), &r))
    return Revisit(r);
  if (Expr m = AbsorbIntoMinMax(e); m.defined()) return m;
  if (Expr f = FactorCommonTerm(n, e); f.defined()) return f;
  if (Expr q = QuotientSum(n, e); q.defined()) return q;
  return e;
}

}  // namespace tessera::arith
