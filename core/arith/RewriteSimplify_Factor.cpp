// Factoring rules for a + b and a - b (called by VisitAdd and VisitSub after their own
// rules): a factor shared by both operands is taken out once, as TVM's rewrite rules do
// after its canonical form has multiplied everything out:
//   x*y + x*10 -> x*(y + 10),   y*x - x*z -> x*(y - z),
//   floormod(v, 8)*y + floormod(v, 8)*10 -> floormod(v, 8)*(y + 10).
// Only non-constant factors are taken out (x*4 + y*4 stays: the canonical form keeps
// constant coefficients on their terms), except for a remainder scaled like the term it
// is combined with: floormod(y + z, 2)*5 - z*5 -> (floormod(y + z, 2) - z)*5 (the form
// TVM's div/mod rules leave).
#include <cstdint>
#include <vector>

#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

// The product of `factors` without the one at `skip` (1 when nothing is left).
Expr ProductWithout(const std::vector<Expr>& factors, size_t skip, DataType t) {
  Expr r;
  for (size_t i = 0; i < factors.size(); ++i) {
    if (i == skip) continue;
    r = r.defined() ? MakeBinary(ExprKind::Mul, r, factors[i]) : factors[i];
  }
  return r.defined() ? r : make_const(t, int64_t{1});
}

bool IsRemainder(const Expr& e) {
  auto* n = e.as<BinaryNode>();
  return n && (n->kind == ExprKind::FloorMod || n->kind == ExprKind::Mod);
}

// `p * c` with a constant c: sets *p and *c.
bool ScaledBy(const Expr& e, Expr* p, int64_t* c) {
  auto* m = e.as<BinaryNode>();
  if (!m || m->kind != ExprKind::Mul) return false;
  const int64_t* v = as_const_int(m->b);
  if (!v) return false;
  *p = m->a;
  *c = *v;
  return true;
}

}  // namespace

Expr RewriteSimplifier::FactorCommonTerm(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e) || (n->kind != ExprKind::Add && n->kind != ExprKind::Sub)) return Expr();
  std::vector<Expr> fa, fb;
  ProductFactors(n->a, &fa);
  ProductFactors(n->b, &fb);
  // Both operands must be products: x*y + x -> x*(y + 1) would not be smaller.
  if (fa.size() < 2 || fb.size() < 2) return Expr();
  for (size_t i = 0; i < fa.size(); ++i) {
    if (is_const(fa[i])) continue;
    for (size_t j = 0; j < fb.size(); ++j) {
      if (!ExprDeepEqual(fa[i], fb[j])) continue;
      Expr rest =
          MakeBinary(n->kind, ProductWithout(fa, i, e.dtype()), ProductWithout(fb, j, e.dtype()));
      return Revisit(MakeBinary(ExprKind::Mul, fa[i], Revisit(rest)));
    }
  }
  // A remainder and another term scaled by the same constant (or its negation).
  Expr p, q;
  int64_t cp = 0, cq = 0;
  if (ScaledBy(n->a, &p, &cp) && ScaledBy(n->b, &q, &cq) && (IsRemainder(p) || IsRemainder(q)) &&
      cp != INT64_MIN && cq != INT64_MIN && (cp == cq || cp == -cq) && cp != 0 && cp != 1 &&
      cp != -1) {
    ExprKind op = n->kind;
    if (cp == -cq) op = op == ExprKind::Add ? ExprKind::Sub : ExprKind::Add;
    return MakeBinary(ExprKind::Mul, MakeBinary(op, p, q), n->a.as<BinaryNode>()->b);
  }
  return Expr();
}

}  // namespace tessera::arith
