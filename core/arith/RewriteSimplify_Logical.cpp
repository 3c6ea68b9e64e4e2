// Rewrite rules for &&, || and !. Two comparisons of the same linear expression combine
// through their LinearFacts: x < 5 && x < 3 -> x < 3, x < 3 && x > 5 -> false,
// x <= 3 && x >= 3 -> x == 3, x < 5 || x > 2 -> true.
#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "arith/IntMath.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

namespace {

bool IsComparisonKind(ExprKind k) {
  return k == ExprKind::LT || k == ExprKind::LE || k == ExprKind::GT || k == ExprKind::GE ||
         k == ExprKind::EQ || k == ExprKind::NE;
}

// `floordiv(x, c) == k` with constants c > 0, k: sets *x, *c, *k.
bool MatchQuotientIs(const Expr& e, Expr* x, int64_t* c, int64_t* k) {
  auto* eq = e.as<BinaryNode>();
  if (!eq || eq->kind != ExprKind::EQ) return false;
  auto* div = eq->a.as<BinaryNode>();
  const int64_t* kv = as_const_int(eq->b);
  if (!div || div->kind != ExprKind::FloorDiv || !kv) return false;
  const int64_t* cv = as_const_int(div->b);
  if (!cv || *cv <= 0) return false;
  *x = div->a;
  *c = *cv;
  *k = *kv;
  return true;
}

// floordiv(x, c) == k together with `floormod(x, c) op r`: x lies in [k*c, k*c + c), so
// the pair is one range of x (TVM's rules): == r gives x == k*c + r, < r gives
// k*c <= x < k*c + r, > r gives k*c + r < x < k*c + c. Undefined when `other` is not such
// a comparison.
Expr QuotientAndRemainder(const Expr& quotient_fact, const Expr& other) {
  Expr x;
  int64_t c = 0, k = 0;
  if (!MatchQuotientIs(quotient_fact, &x, &c, &k)) return Expr();
  auto* cmp = other.as<BinaryNode>();
  if (!cmp || !IsComparisonKind(cmp->kind) || cmp->kind == ExprKind::NE) return Expr();
  ExprKind op = cmp->kind;
  Expr mod = cmp->a;
  const int64_t* r = as_const_int(cmp->b);
  if (!r) {
    mod = cmp->b;
    r = as_const_int(cmp->a);
    op = MirrorComparison(op);
  }
  auto* m = mod.as<BinaryNode>();
  if (!r || !m || m->kind != ExprKind::FloorMod || !ExprDeepEqual(m->a, x) ||
      !is_const_int(m->b, c))
    return Expr();
  auto base = CheckedMul(k, c);
  if (!base || *r < -c || *r > 2 * c) return Expr();
  DataType t = x.dtype();
  Expr lo = make_const(t, *base), hi = make_const(t, *base + c);
  auto at = [&](int64_t offset) { return make_const(t, *base + offset); };
  switch (op) {
    case ExprKind::EQ:
      if (*r < 0 || *r >= c) return make_bool(false);
      return MakeBinary(ExprKind::EQ, x, at(*r));
    case ExprKind::LT:
      return logical_and(MakeBinary(ExprKind::LE, lo, x), MakeBinary(ExprKind::LT, x, at(*r)));
    case ExprKind::LE:
      return logical_and(MakeBinary(ExprKind::LE, lo, x), MakeBinary(ExprKind::LE, x, at(*r)));
    case ExprKind::GT:
      return logical_and(MakeBinary(ExprKind::LT, at(*r), x), MakeBinary(ExprKind::LT, x, hi));
    case ExprKind::GE:
      return logical_and(MakeBinary(ExprKind::LE, at(*r), x), MakeBinary(ExprKind::LT, x, hi));
    default:
      return Expr();
  }
}

// 0 <= E <= k with E = R - (k + 1)*t for a variable t: t is the quotient of R by k + 1
// (TVM's rule: 0 <= x - y*5 && x - y*5 < 5 -> y == floordiv(x, 5)). `lower` is -E, so
// the facts are lower <= 0 and E - k <= 0. Undefined when E has no such term.
Expr QuotientOfRange(const LinearSum& lower, int64_t k) {
  auto width = CheckedAdd(k, 1);
  if (!width || *width < 2) return Expr();
  LinearSum e = lower.Scaled(-1);
  for (const SumTerm& t : e.terms) {
    if (!t.atom.as<VarNode>() || (t.coeff != *width && t.coeff != -*width)) continue;
    // With coefficient +w use k - E instead, which is in the same range.
    LinearSum range = t.coeff < 0 ? e : ConstSum(e.dtype, k).Minus(e);
    if (range.overflow) return Expr();
    range.AddTerm(t.atom, *width);  // R = E + w*t
    DataType dt = t.atom.dtype();
    return MakeBinary(ExprKind::EQ, t.atom,
                      MakeBinary(ExprKind::FloorDiv, SumToExpr(range), make_const(dt, *width)));
  }
  return Expr();
}

}  // namespace

// Decides the comparison `cond` (already simplified) assuming `assumption`; only
// comparisons are tried, so that nested conjunctions are not re-simplified (no
// exponential work).
std::optional<bool> RewriteSimplifier::DecideUnder(const Expr& assumption, const Expr& cond) {
  auto* c = cond.as<BinaryNode>();
  if (!c || !IsComparisonKind(c->kind)) return std::nullopt;
  size_t token = parent_->EnterScoped(assumption);
  Expr r = VisitCompare(c, cond);
  parent_->ExitScoped(token);
  if (const int64_t* v = as_const_int(r)) return *v != 0;
  return std::nullopt;
}

Expr RewriteSimplifier::VisitAnd(const BinaryNode* n, const Expr& e) {
  PVar x, y;
  Expr r;
  if (TryRewrite(e, x && 1, x, &r) || TryRewrite(e, 1 && x, x, &r) ||
      TryRewrite(e, x && 0, 0, &r) || TryRewrite(e, 0 && x, 0, &r) ||
      TryRewrite(e, x && x, x, &r) || TryRewrite(e, x && !x, 0, &r) ||
      TryRewrite(e, !x && x, 0, &r) || TryRewrite(e, (x && y) && x, x && y, &r) ||
      TryRewrite(e, (x && y) && y, x && y, &r))
    return r;
  // One side decided by the other: x == 1 && x != 2 -> x == 1, x == y && x != y -> false.
  if (auto v = DecideUnder(n->a, n->b)) return *v ? n->a : make_bool(false);
  if (auto v = DecideUnder(n->b, n->a)) return *v ? n->b : make_bool(false);
  if (Expr q = QuotientAndRemainder(n->a, n->b); q.defined()) return Revisit(q);
  if (Expr q = QuotientAndRemainder(n->b, n->a); q.defined()) return Revisit(q);
  auto fa = parent_->ComparisonFact(n->a), fb = parent_->ComparisonFact(n->b);
  if (!fa || !fb) return e;
  if (!fa->equality && !fb->equality) {
    // fa = fb + k: the one with the larger constant implies the other.
    if (auto k = ConstantDifference(fa->sum, fb->sum, 1)) return *k >= 0 ? n->a : n->b;
    // fa <= 0 and fb = k - fa <= 0, i.e. k <= fa <= 0.
    if (auto k = ConstantDifference(fa->sum, fb->sum, -1)) {
      if (*k > 0) return make_bool(false);
      if (*k == 0) return ComparisonToExpr(ExprKind::EQ, fa->sum);
      if (Expr q = QuotientOfRange(fa->sum, -*k); q.defined()) return q;
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
  // One side decided when the other is false: x != 1 || x == 2 -> x != 1.
  if (auto v = DecideUnder(logical_not(n->a), n->b)) return *v ? make_bool(true) : n->a;
  if (auto v = DecideUnder(logical_not(n->b), n->a)) return *v ? make_bool(true) : n->b;
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
