// Rewrite rules for a - b (operands already simplified, not both constant).
#include "arith/AnalyzerImpl.h"
#include "arith/Pattern.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

// A subtrahend that cancels a term inside a min/max moves into it:
//   min(x + y, z) - x -> min(y, z - x),   min(x, y) - min(y, x) -> 0,
//   min(x + 10, y + 1) - min(x, y - 9) -> 10 (the operands differ by one constant).
Expr RewriteSimplifier::SubtractFromMinMax(const Expr& e) {
  PVar x, y, z;
  Expr r;
  if (TryRewrite(e, pmin(x + y, z) - x, pmin(y, z - x), &r) ||
      TryRewrite(e, pmin(y + x, z) - x, pmin(y, z - x), &r) ||
      TryRewrite(e, pmin(z, x + y) - x, pmin(z - x, y), &r) ||
      TryRewrite(e, pmin(z, y + x) - x, pmin(z - x, y), &r) ||
      TryRewrite(e, pmax(x + y, z) - x, pmax(y, z - x), &r) ||
      TryRewrite(e, pmax(y + x, z) - x, pmax(y, z - x), &r) ||
      TryRewrite(e, pmax(z, x + y) - x, pmax(z - x, y), &r) ||
      TryRewrite(e, pmax(z, y + x) - x, pmax(z - x, y), &r))
    return Revisit(r);
  // x - min(x + y, z) -> max(0 - y, x - z) (and max): x - z folds when z is 0.
  if (TryRewrite(e, x - pmin(x + y, z), pmax(0 - y, x - z), &r) ||
      TryRewrite(e, x - pmin(y + x, z), pmax(0 - y, x - z), &r) ||
      TryRewrite(e, x - pmin(z, x + y), pmax(x - z, 0 - y), &r) ||
      TryRewrite(e, x - pmin(z, y + x), pmax(x - z, 0 - y), &r) ||
      TryRewrite(e, x - pmax(x + y, z), pmin(0 - y, x - z), &r) ||
      TryRewrite(e, x - pmax(y + x, z), pmin(0 - y, x - z), &r) ||
      TryRewrite(e, x - pmax(z, x + y), pmin(x - z, 0 - y), &r) ||
      TryRewrite(e, x - pmax(z, y + x), pmin(x - z, 0 - y), &r))
    return Revisit(r);
  if (TryRewrite(e, pmin(x, y) - pmin(y, x), 0, &r) ||
      TryRewrite(e, pmax(x, y) - pmax(y, x), 0, &r))
    return r;
  // One operand of the min/max is the subtrahend (TVM's rules): min(x, y) - x ->
  // min(y - x, 0), x - max(x, y) -> min(x - y, 0). The extent of a request clipped at
  // one end, min(i, n - 1) - i + 1, then has the constant upper bound 1.
  if (TryRewrite(e, pmin(x, y) - x, pmin(y - x, 0), &r) ||
      TryRewrite(e, pmin(y, x) - x, pmin(y - x, 0), &r) ||
      TryRewrite(e, pmax(x, y) - x, pmax(y - x, 0), &r) ||
      TryRewrite(e, pmax(y, x) - x, pmax(y - x, 0), &r) ||
      TryRewrite(e, x - pmin(x, y), pmax(x - y, 0), &r) ||
      TryRewrite(e, x - pmin(y, x), pmax(x - y, 0), &r) ||
      TryRewrite(e, x - pmax(x, y), pmin(x - y, 0), &r) ||
      TryRewrite(e, x - pmax(y, x), pmin(x - y, 0), &r))
    return r;
  // min(s1 + d, s2 + d) - min(s1, s2) == d (and max; either operand order of the
  // second): min(x + 10, y + 1) - min(x, y - 9) -> 10.
  auto* a = e.as<BinaryNode>()->a.as<BinaryNode>();
  auto* b = e.as<BinaryNode>()->b.as<BinaryNode>();
  if (a && b && a->kind == b->kind && (a->kind == ExprKind::Min || a->kind == ExprKind::Max)) {
    CanonicalSimplifier& canonical = parent_->canonical;
    for (bool swapped : {false, true}) {
      const Expr& s1 = swapped ? b->b : b->a;
      const Expr& s2 = swapped ? b->a : b->b;
      LinearSum d1 = canonical.ToSum(MakeBinary(ExprKind::Sub, a->a, s1));
      LinearSum d2 = canonical.ToSum(MakeBinary(ExprKind::Sub, a->b, s2));
      if (!d1.overflow && !d2.overflow && ConstantDifference(d1, d2, 1) == 0)
        return Revisit(SumToExpr(d1));
    }
  }
  return Expr();
}

Expr RewriteSimplifier::VisitSub(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  PVar x, y, z, w, u;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, x - 0, x, &r) || TryRewrite(e, x - x, 0, &r)) return r;
  // A negated product keeps its sign in the coefficient (TVM's form): 0 - x*2 -> x*-2.
  if (TryRewrite(
          e, 0 - x * c1, x * (0 - c1), [&] { return c1.value() > 1; }, &r))
    return Revisit(r);
  // truncdiv(x, -c) == -truncdiv(x, c): the canonical form's 0 - x/c folds back.
  if (TryRewrite(
          e, 0 - ptruncdiv(x, c1), ptruncdiv(x, 0 - c1), [&] { return c1.value() > 0; }, &r))
    return r;
  // Constants.
  if (TryRewrite(e, (x + c1) - c2, x + (c1 - c2), &r) ||
      TryRewrite(e, (x - c1) - c2, x - (c1 + c2), &r) ||
      TryRewrite(e, c1 - (x + c2), (c1 - c2) - x, &r) ||
      TryRewrite(e, c1 - (c2 - x), x + (c1 - c2), &r) ||
      TryRewrite(e, (x + c1) - (y + c2), (x - y) + (c1 - c2), &r) ||
      TryRewrite(e, (x + c1) - y, (x - y) + c1, &r) ||
      TryRewrite(e, x - (y + c1), (x - y) - c1, &r))
    return Revisit(r);
  // Cancellation.
  if (TryRewrite(e, (x + y) - x, y, &r) || TryRewrite(e, (x + y) - y, x, &r) ||
      TryRewrite(e, x - (x + y), 0 - y, &r) || TryRewrite(e, y - (x + y), 0 - x, &r) ||
      TryRewrite(e, (x - y) - x, 0 - y, &r) || TryRewrite(e, x - (x - y), y, &r) ||
      TryRewrite(e, (x + y) - (x + z), y - z, &r) || TryRewrite(e, (x + y) - (z + x), y - z, &r) ||
      TryRewrite(e, (y + x) - (x + z), y - z, &r) || TryRewrite(e, (y + x) - (z + x), y - z, &r))
    return Revisit(r);
  // Like terms.
  if (TryRewrite(e, x * c1 - x, x * (c1 - 1), &r) || TryRewrite(e, x - x * c1, x * (1 - c1), &r) ||
      TryRewrite(e, x * c1 - x * c2, x * (c1 - c2), &r))
    return Revisit(r);
  // x - div(x, c)*c is the modulo of the same flavour.
  auto divisor_nonzero = [&] { return c1.value() != 0; };
  if (TryRewrite(e, x - pfloordiv(x, c1) * c1, pfloormod(x, c1), divisor_nonzero, &r) ||
      TryRewrite(e, x - ptruncdiv(x, c1) * c1, ptruncmod(x, c1), divisor_nonzero, &r))
    return r;
  if (TryRewrite(e, pselect(x, y, z) - pselect(x, w, u), pselect(x, y - w, z - u), &r))
    return Revisit(r);
  if (Expr m = SubtractFromMinMax(e); m.defined()) return m;
  // max(x, y + 2) - 2 is max(x, y + 2) + -2 for the rules that move constants into min/max.
  if (auto* c = as_const_int(n->b); c && *c != INT64_MIN) {
    if (Expr m = AbsorbIntoMinMax(MakeBinary(ExprKind::Add, n->a, make_const(e.dtype(), -*c)));
        m.defined())
      return m;
  }
  if (Expr f = FactorCommonTerm(n, e); f.defined()) return f;
  if (Expr q = QuotientDifference(n, e); q.defined()) return q;
  return e;
}

}  // namespace tessera::arith
