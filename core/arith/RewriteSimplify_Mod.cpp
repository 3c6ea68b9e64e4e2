// Rewrite rules for truncated modulo a % b (Mod) and floormod(a, b). Multiples of the
// divisor vanish; a dividend already inside [0, c) is its own remainder; modular sets
// decide remainders of expressions like 4*x + 2.
#include "arith/AnalyzerImpl.h"
#include "arith/IntMath.h"
#include "arith/MapChildren.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

Expr RewriteSimplifier::VisitMod(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  PVar x, y;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, ptruncmod(x, 1), 0, &r) || TryRewrite(e, ptruncmod(0, x), 0, &r)) return r;
  if (auto* c = as_const_int(n->b); c && *c > 0) {
    ConstIntBound a = Bound(n->a);
    // |a| < c: the remainder is a itself.
    if (a.min_value > -*c && a.max_value < *c) return n->a;
    ModularSet m = parent_->modular_set.Modular(n->a);
    if (a.min_value >= 0 && m.coeff % *c == 0)
      return make_const(e.dtype(), FloorModInt(m.base, *c));
  }
  auto divides = [&] { return c2.value() != 0 && c1.value() % c2.value() == 0; };
  if (TryRewrite(e, ptruncmod(x * c1, c2), 0, divides, &r)) return r;
  if (TryRewrite(
          e, ptruncmod(x * c1 + y, c2), ptruncmod(y, c2),
          [&] { return divides() && ProveGE(n->a, 0) && ProveGE(y.value(), 0); }, &r) ||
      TryRewrite(
          e, ptruncmod(y + x * c1, c2), ptruncmod(y, c2),
          [&] { return divides() && ProveGE(n->a, 0) && ProveGE(y.value(), 0); }, &r) ||
      TryRewrite(
          e, ptruncmod(x + c1, c2), ptruncmod(x, c2),
          [&] { return divides() && ProveGE(x.value(), 0) && c1.value() >= 0; }, &r) ||
      TryRewrite(
          e, ptruncmod(ptruncmod(x, c1), c2), ptruncmod(x, c2),
          [&] { return c2.value() > 0 && divides(); }, &r))
    return Revisit(r);
  if (TryRewrite(e, ptruncmod(x * y, y), 0, &r) || TryRewrite(e, ptruncmod(y * x, y), 0, &r) ||
      TryRewrite(e, ptruncmod(x, x), 0, &r))
    return r;
  return e;
}

// floormod(B, d) == B - d*floordiv(B, d), so inside floormod(X, c) a term
// k*floormod(B, d) with d == c or d == -c may be replaced by k*B (X changes by a multiple
// of c): floormod(x - floormod(x, 9), 9) -> 0, floormod(x + floormod(8*x, 9), 9) -> 0,
// floormod(x - floormod(x, y), y) -> 0 (TVM's padded-remainder family). Kept only when
// the result is smaller.
Expr RewriteSimplifier::DropInnerRemainders(const BinaryNode* n, const Expr& e) {
  CanonicalSimplifier& canonical = parent_->canonical;
  LinearSum dividend = canonical.ToSum(n->a);
  LinearSum divisor = canonical.ToSum(n->b);
  if (dividend.overflow || divisor.overflow) return Expr();
  LinearSum replaced = ConstSum(dividend.dtype, dividend.base);
  bool changed = false;
  for (const SumTerm& t : dividend.terms) {
    auto* m = t.atom.as<BinaryNode>();
    if (m && m->kind == ExprKind::FloorMod) {
      LinearSum d = canonical.ToSum(m->b);
      if (ConstantDifference(d, divisor, 1) == 0 || ConstantDifference(d, divisor, -1) == 0) {
        replaced.AddSum(canonical.ToSum(m->a), t.coeff);
        changed = true;
        continue;
      }
    }
    replaced.AddTerm(t.atom, t.coeff);
  }
  if (!changed || replaced.overflow) return Expr();
  Expr r = Revisit(floormod(SumToExpr(replaced), n->b));
  return TreeSize(r) < TreeSize(e) ? r : Expr();
}

Expr RewriteSimplifier::VisitFloorMod(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  PVar x, y;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, pfloormod(x, 1), 0, &r) || TryRewrite(e, pfloormod(0, x), 0, &r)) return r;
  if (auto* c = as_const_int(n->b); c && *c > 0) {
    ConstIntBound a = Bound(n->a);
    // All of a in one block [k*c, k*c + c): the remainder is a - k*c.
    if (a.min_value != ConstIntBound::kNegInf && a.max_value != ConstIntBound::kPosInf &&
        FloorDivInt(a.min_value, *c) == FloorDivInt(a.max_value, *c)) {
      int64_t k = FloorDivInt(a.min_value, *c);
      return k == 0 ? n->a : Revisit(sub(n->a, make_const(e.dtype(), k * *c)));
    }
    ModularSet m = parent_->modular_set.Modular(n->a);
    if (m.coeff % *c == 0) return make_const(e.dtype(), FloorModInt(m.base, *c));
  }
  auto divides = [&] { return c2.value() != 0 && c1.value() % c2.value() == 0; };
  auto divides_pos = [&] { return c2.value() > 0 && c1.value() % c2.value() == 0; };
  if (TryRewrite(e, pfloormod(x * c1, c2), 0, divides, &r)) return r;
  if (TryRewrite(e, pfloormod(x * c1 + y, c2), pfloormod(y, c2), divides_pos, &r) ||
      TryRewrite(e, pfloormod(y + x * c1, c2), pfloormod(y, c2), divides_pos, &r) ||
      TryRewrite(e, pfloormod(x + c1, c2), pfloormod(x, c2), divides_pos, &r) ||
      TryRewrite(e, pfloormod(pfloormod(x, c1), c2), pfloormod(x, c2), divides_pos, &r))
    return Revisit(r);
  if (TryRewrite(e, pfloormod(x * y, y), 0, &r) || TryRewrite(e, pfloormod(y * x, y), 0, &r) ||
      TryRewrite(e, pfloormod(x, x), 0, &r))
    return r;
  if (Expr d = DropInnerRemainders(n, e); d.defined()) return d;
  // floormod(x*z*2 + y, z*2) -> floormod(y, z*2).
  LinearSum q, rest;
  if (!as_const_int(n->b) && SplitSymbolicMultiple(n->a, n->b, &q, &rest))
    return Revisit(floormod(SumToExpr(rest), n->b));
  return e;
}

}  // namespace tessera::arith
