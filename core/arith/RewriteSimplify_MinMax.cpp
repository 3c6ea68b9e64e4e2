// Rewrite rules for min(a, b) and max(a, b). The main rule orders the operands through
// the constant bound of their canonical difference or the context's linear facts:
// min(x, x + 1) -> x, min(i, 7) -> i when i < 8 is known, min(j, m - 1) -> j in a loop
// j in [0, m).
#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

namespace {

const BinaryNode* AsKind(const Expr& e, ExprKind k) {
  auto* n = e.as<BinaryNode>();
  return n && n->kind == k ? n : nullptr;
}

// y is an operand of the chain min(min(min(a, b), c), ...) (same kind throughout).
bool InChain(const Expr& chain, const Expr& y, ExprKind kind, int depth = 0) {
  auto* n = AsKind(chain, kind);
  if (!n || depth > 16) return false;
  return ExprDeepEqual(n->a, y) || ExprDeepEqual(n->b, y) || InChain(n->a, y, kind, depth + 1) ||
         InChain(n->b, y, kind, depth + 1);
}

// Finds an operand shared by the binary nodes p and q (of kind `k`, commutative): sets
// *common and the two remaining operands.
bool SharedOperand(const BinaryNode* p, const BinaryNode* q, Expr* common, Expr* rp, Expr* rq) {
  const Expr* pa[2] = {&p->a, &p->b};
  const Expr* qa[2] = {&q->a, &q->b};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      if (ExprDeepEqual(*pa[i], *qa[j])) {
        *common = *pa[i];
        *rp = *pa[1 - i];
        *rq = *qa[1 - j];
        return true;
      }
  return false;
}

}  // namespace

// Rules shared by min (is_min) and max, written once for both (TVM's rule families):
//   min(A, y) -> A when y already is an operand of the min chain A;
//   min(max(x, y), min(x, y)) -> min(x, y);
//   min(max(x, y), max(x, z)) -> max(min(y, z), x);
//   min(x + y, z + x) -> min(y, z) + x;  min(x - y, x - z) -> x - max(y, z);
//   min(y - x, z - x) -> min(y, z) - x;
//   min(x / c, y / c) -> min(x, y) / c for c > 0 and max(x, y) / c for c < 0 (truncated
//   and floor division are monotone in the dividend).
Expr RewriteSimplifier::MinMaxAlgebra(const BinaryNode* n, const Expr& e) {
  bool is_min = n->kind == ExprKind::Min;
  ExprKind self = n->kind, dual = is_min ? ExprKind::Max : ExprKind::Min;
  auto make = [&](ExprKind k, const Expr& a, const Expr& b) { return MakeBinary(k, a, b); };
  if (InChain(n->a, n->b, self)) return n->a;
  if (InChain(n->b, n->a, self)) return n->b;
  for (int side = 0; side < 2; ++side) {
    const Expr& a = side == 0 ? n->a : n->b;
    const Expr& b = side == 0 ? n->b : n->a;
    auto* d = AsKind(a, dual);
    auto* s = AsKind(b, self);
    if (d && s) {
      Expr common, rp, rq;
      // min(max(x, y), min(x, y)): the min is below the max.
      if (SharedOperand(d, s, &common, &rp, &rq) && ExprDeepEqual(rp, rq)) return b;
    }
  }
  auto* da = AsKind(n->a, dual);
  auto* db = AsKind(n->b, dual);
  Expr common, ra, rb;
  if (da && db && SharedOperand(da, db, &common, &ra, &rb))
    return Revisit(make(dual, make(self, ra, rb), common));
  auto* aa = AsKind(n->a, ExprKind::Add);
  auto* ab = AsKind(n->b, ExprKind::Add);
  if (aa && ab && SharedOperand(aa, ab, &common, &ra, &rb))
    return Revisit(add(make(self, ra, rb), common));
  auto* sa = AsKind(n->a, ExprKind::Sub);
  auto* sb = AsKind(n->b, ExprKind::Sub);
  if (sa && sb && ExprDeepEqual(sa->a, sb->a)) return Revisit(sub(sa->a, make(dual, sa->b, sb->b)));
  if (sa && sb && ExprDeepEqual(sa->b, sb->b)) return Revisit(sub(make(self, sa->a, sb->a), sa->b));
  for (ExprKind div : {ExprKind::Div, ExprKind::FloorDiv}) {
    auto* qa = AsKind(n->a, div);
    auto* qb = AsKind(n->b, div);
    const int64_t* c = qa && qb ? as_const_int(qa->b) : nullptr;
    if (!c || *c == 0 || !ExprDeepEqual(qa->b, qb->b)) continue;
    return Revisit(make(div, make(*c > 0 ? self : dual, qa->a, qb->a), qa->b));
  }
  return Expr();
}

Expr RewriteSimplifier::VisitMin(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  if (ProveLessEqual(n->a, n->b)) return n->a;
  if (ProveLessEqual(n->b, n->a)) return n->b;
  PVar x, y, z;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, pmin(0 - x, 0 - y), 0 - pmax(x, y), &r)) return Revisit(r);
  // The operands keep their order (TVM writes min(31, x) as it was given).
  if (TryRewrite(e, pmin(pmin(x, c1), c2), pmin(x, pmin(c1, c2)), &r)) return Revisit(r);
  // min(x*c1, c2) with c1 dividing c2: the scale moves out (max for a negative c1).
  auto scales = [&] { return c1.value() != 0 && c1.value() != -1 && c2.value() % c1.value() == 0; };
  if (TryRewrite(
          e, pmin(x * c1, c2), pmin(x, ptruncdiv(c2, c1)) * c1,
          [&] { return scales() && c1.value() > 0; }, &r) ||
      TryRewrite(
          e, pmin(x * c1, c2), pmax(x, ptruncdiv(c2, c1)) * c1,
          [&] { return scales() && c1.value() < 0; }, &r))
    return Revisit(r);
  if (TryRewrite(e, pmin(pmin(x, y), x), pmin(x, y), &r) ||
      TryRewrite(e, pmin(pmin(x, y), y), pmin(x, y), &r) ||
      TryRewrite(e, pmin(x, pmin(x, y)), pmin(x, y), &r) ||
      TryRewrite(e, pmin(y, pmin(x, y)), pmin(x, y), &r) ||
      TryRewrite(e, pmin(pmax(x, y), x), x, &r) || TryRewrite(e, pmin(pmax(x, y), y), y, &r) ||
      TryRewrite(e, pmin(x, pmax(x, y)), x, &r) || TryRewrite(e, pmin(y, pmax(x, y)), y, &r))
    return r;
  // x rounded up to a multiple of c is at least x and, for x >= 1, at least c.
  auto ceiling = [&] {
    return c2.value() > 0 && c1.value() + 1 == c2.value() && ProveGE(x.value(), 1);
  };
  if (TryRewrite(e, pmin(pfloordiv(x + c1, c2) * c2, pmax(x, c2)), pmax(x, c2), ceiling, &r) ||
      TryRewrite(e, pmin(pmax(x, c2), pfloordiv(x + c1, c2) * c2), pmax(x, c2), ceiling, &r) ||
      TryRewrite(e, pmin(ptruncdiv(x + c1, c2) * c2, pmax(x, c2)), pmax(x, c2), ceiling, &r) ||
      TryRewrite(e, pmin(pmax(x, c2), ptruncdiv(x + c1, c2) * c2), pmax(x, c2), ceiling, &r))
    return r;
  auto c1_pos = [&] { return c1.value() > 0; };
  auto c1_neg = [&] { return c1.value() < 0; };
  if (TryRewrite(e, pmin(x + y, x + z), x + pmin(y, z), &r) ||
      TryRewrite(e, pmin(y + x, z + x), pmin(y, z) + x, &r) ||
      TryRewrite(e, pmin(x * c1, y * c1), pmin(x, y) * c1, c1_pos, &r) ||
      TryRewrite(e, pmin(x * c1, y * c1), pmax(x, y) * c1, c1_neg, &r) ||
      TryRewrite(e, pmin(pfloordiv(x, c1), pfloordiv(y, c1)), pfloordiv(pmin(x, y), c1), c1_pos,
                 &r))
    return Revisit(r);
  // Selects on the same condition: one select of the two mins.
  PVar c, w;
  if (TryRewrite(e, pmin(pselect(c, x, y), pselect(c, z, w)), pselect(c, pmin(x, z), pmin(y, w)),
                 &r))
    return Revisit(r);
  if (Expr m = MinMaxAlgebra(n, e); m.defined()) return m;
  return e;
}

Expr RewriteSimplifier::VisitMax(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  if (ProveLessEqual(n->b, n->a)) return n->a;
  if (ProveLessEqual(n->a, n->b)) return n->b;
  PVar x, y, z;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, pmax(0 - x, 0 - y), 0 - pmin(x, y), &r)) return Revisit(r);
  if (TryRewrite(e, pmax(pmax(x, c1), c2), pmax(x, pmax(c1, c2)), &r)) return Revisit(r);
  // max(x*c1, c2) with c1 dividing c2: the scale moves out (min for a negative c1).
  auto scales = [&] { return c1.value() != 0 && c1.value() != -1 && c2.value() % c1.value() == 0; };
  if (TryRewrite(
          e, pmax(x * c1, c2), pmax(x, ptruncdiv(c2, c1)) * c1,
          [&] { return scales() && c1.value() > 0; }, &r) ||
      TryRewrite(
          e, pmax(x * c1, c2), pmin(x, ptruncdiv(c2, c1)) * c1,
          [&] { return scales() && c1.value() < 0; }, &r))
    return Revisit(r);
  if (TryRewrite(e, pmax(pmax(x, y), x), pmax(x, y), &r) ||
      TryRewrite(e, pmax(pmax(x, y), y), pmax(x, y), &r) ||
      TryRewrite(e, pmax(x, pmax(x, y)), pmax(x, y), &r) ||
      TryRewrite(e, pmax(y, pmax(x, y)), pmax(x, y), &r) ||
      TryRewrite(e, pmax(pmin(x, y), x), x, &r) || TryRewrite(e, pmax(pmin(x, y), y), y, &r) ||
      TryRewrite(e, pmax(x, pmin(x, y)), x, &r) || TryRewrite(e, pmax(y, pmin(x, y)), y, &r))
    return r;
  auto c1_pos = [&] { return c1.value() > 0; };
  auto c1_neg = [&] { return c1.value() < 0; };
  if (TryRewrite(e, pmax(x + y, x + z), x + pmax(y, z), &r) ||
      TryRewrite(e, pmax(y + x, z + x), pmax(y, z) + x, &r) ||
      TryRewrite(e, pmax(x * c1, y * c1), pmax(x, y) * c1, c1_pos, &r) ||
      TryRewrite(e, pmax(x * c1, y * c1), pmin(x, y) * c1, c1_neg, &r) ||
      TryRewrite(e, pmax(pfloordiv(x, c1), pfloordiv(y, c1)), pfloordiv(pmax(x, y), c1), c1_pos,
                 &r))
    return Revisit(r);
  // Selects on the same condition: one select of the two maxs.
  PVar c, w;
  if (TryRewrite(e, pmax(pselect(c, x, y), pselect(c, z, w)), pselect(c, pmax(x, z), pmax(y, w)),
                 &r))
    return Revisit(r);
  if (Expr m = MinMaxAlgebra(n, e); m.defined()) return m;
  return e;
}

}  // namespace tessera::arith
