// Rewrite rules for &&, || and !. Two comparisons of the same linear expression combine
// through their LinearFacts: x < 5 && x < 3 -> x < 3, x < 3 && x > 5 -> false,
// x <= 3 && x >= 3 -> x == 3, x < 5 || x > 2 -> true.
#include "arith/AnalyzerImpl.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;


Expr RewriteSimplifier::VisitAnd(const BinaryNode* n, const Expr& e) {
  PVar x, y;
  Expr r;
  if (TryRewrite(e, x && 1, x, &r) || TryRewrite(e, 1 && x, x, &r) ||
      TryRewrite(e, x && 0, 0, &r) || TryRewrite(e, 0 && x, 0, &r) ||
      TryRewrite(e, x && x, x, &r) || TryRewrite(e, x && !x, 0, &r) ||
      TryRewrite(e, !x && x, 0, &r) || TryRewrite(e, (x && y) && x, x && y, &r) ||
      TryRewrite(e, (x && y) && y, x && y, &r))
    return r;
  auto fa = parent_->ComparisonFact(n->a), fb = parent_->ComparisonFact(n->b);
  if (!fa || !fb) return e;
  if (!fa->equality && !fb->equality) {
    // fa = fb + k: the one with the larger constant implies the other.
    if (auto k = ConstantDifference(fa->sum, fb->sum, 1)) return *k >= 0 ? n->a : n->b;
    // fa <= 0 and fb = k - fa <= 0, i.e. k <= fa <= 0.
    if (auto k = ConstantDifference(fa->sum, fb->sum, -1)) {
      if (*k > 0) return make_bool(false);
      if (*k == 0) return ComparisonToExpr(ExprKind::EQ, fa->sum);
    }
    return e;
  }
  if (auto k = ConstantDifference(fa->sum, fb->sum, 1)) {
    if (fa->equality && fb->equality) return *k == 0 ? n->a : make_bool(false);
    // One equality fixes the other side: fa == 0 gives fb = -k; fb == 0 gives fa = k.
    int64_t other = fa->equality ? -*k : *k;
    if (other > 0) return make_bool(false);
    return fa->equality ? n->a : n->b;
  }
  return e;
}

Expr RewriteSimplifier::VisitOr(const BinaryNode* n, const Expr& e) {
  PVar x, y;
  Expr r;
  if (TryRewrite(e, x || 0, x, &r) || TryRewrite(e, 0 || x, x, &r) ||
      TryRewrite(e, x || 1, 1, &r) || TryRewrite(e, 1 || x, 1, &r) ||
      TryRewrite(e, x || x, x, &r) || TryRewrite(e, x || !x, 1, &r) ||
      TryRewrite(e, !x || x, 1, &r) || TryRewrite(e, (x || y) || x, x || y, &r) ||
      TryRewrite(e, (x || y) || y, x || y, &r))
    return r;
  auto fa = parent_->ComparisonFact(n->a), fb = parent_->ComparisonFact(n->b);
  if (!fa || !fb || fa->equality || fb->equality) return e;
  // fa = fb + k: the one with the smaller constant is the weaker, implied one.
  if (auto k = ConstantDifference(fa->sum, fb->sum, 1)) return *k >= 0 ? n->b : n->a;
  // fa <= 0 or fa >= k covers every integer when k <= 1.
  if (auto k = ConstantDifference(fa->sum, fb->sum, -1); k && *k <= 1) return make_bool(true);
  return e;
}

Expr RewriteSimplifier::VisitNot(const NotNode* n, const Expr& e) {
  PVar x, y;
  Expr r;
  if (TryRewrite(e, !!x, x, &r)) return r;
  if (TryRewrite(e, !(x < y), x >= y, &r) || TryRewrite(e, !(x <= y), x > y, &r) ||
      TryRewrite(e, !(x > y), x <= y, &r) || TryRewrite(e, !(x >= y), x < y, &r) ||
      TryRewrite(e, !peq(x, y), pne(x, y), &r) || TryRewrite(e, !pne(x, y), peq(x, y), &r) ||
      TryRewrite(e, !(x && y), !x || !y, &r) || TryRewrite(e, !(x || y), !x && !y, &r))
    return Revisit(r);
  return e;
}

}  // namespace tessera::arith
