// Rules for sums and differences of quotients and remainders by the same constant
// divisor (called by VisitAdd and VisitSub; TVM's quotient-difference and "FloorModTwo"
// rule families). With x = c*q + r (0 <= r < c):
//   floordiv(x + c1, c) - floordiv(x + c2, c) -> floordiv(floormod(x + c2, c) + (c1 - c2), c)
//   floordiv(x + 1, 2) - floordiv(x, 2)       -> floormod(x, 2)      (c == 2: r is 0 or 1)
//   floormod(x + 1, 2) + floormod(x, 2)       -> 1
//   floordiv(x, 2) + floormod(x, 2)           -> floordiv(x + 1, 2)
//   floordiv(x + 1, 2) - floormod(x, 2)       -> floordiv(x, 2)
//   floordiv(floormod(x, c) + c1, c) + floordiv(x, c) -> floordiv(x + c1, c)
// and a constant next to a quotient of a remainder moves inside it again
// (floordiv(floormod(x, 3) + 2, 3) + 1 -> floordiv(floormod(x, 3) + 5, 3)), undoing the
// canonical form's split where nothing cancelled. Truncated division takes the same
// rules where the operands are provably non-negative (then it is floor division).
#include <cstdint>

#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "arith/IntMath.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

// e as x + c (c == 0 when e has no constant addend).
std::pair<Expr, int64_t> SplitConstant(const Expr& e) {
  if (auto* n = e.as<BinaryNode>()) {
    const int64_t* c = as_const_int(n->b);
    if (c && n->kind == ExprKind::Add) return {n->a, *c};
    if (c && n->kind == ExprKind::Sub && *c != INT64_MIN) return {n->a, -*c};
  }
  return {e, 0};
}

// `kind(x, c)` with a constant c > 0: sets *x and *c.
bool MatchByConst(const Expr& e, ExprKind kind, Expr* x, int64_t* c) {
  auto* n = e.as<BinaryNode>();
  if (!n || n->kind != kind) return false;
  const int64_t* v = as_const_int(n->b);
  if (!v || *v <= 0) return false;
  *x = n->a;
  *c = *v;
  return true;
}

bool IsDivision(ExprKind k) { return k == ExprKind::FloorDiv || k == ExprKind::Div; }
ExprKind RemainderOf(ExprKind div) {
  return div == ExprKind::Div ? ExprKind::Mod : ExprKind::FloorMod;
}

bool HasRemainder(const Expr& e) {
  auto* n = e.as<BinaryNode>();
  if (!n) return false;
  if (n->kind == ExprKind::FloorMod || n->kind == ExprKind::Mod) return true;
  if (n->kind == ExprKind::Add || n->kind == ExprKind::Sub)
    return HasRemainder(n->a) || HasRemainder(n->b);
  return false;
}

Expr Const(const Expr& like, int64_t v) { return make_const(like.dtype(), v); }

}  // namespace

Expr RewriteSimplifier::QuotientDifference(const BinaryNode* n, const Expr& e) {
  if (n->kind != ExprKind::Sub) return Expr();
  auto* qa = n->a.as<BinaryNode>();
  auto* qb = n->b.as<BinaryNode>();
  if (!qa || !qb) return Expr();
  ExprKind kind = qa->kind;
  Expr xa, xb;
  int64_t c = 0, cb = 0;
  // floordiv(x + 1, 2) - floormod(x, 2) == floordiv(x, 2).
  if (MatchByConst(n->a, ExprKind::FloorDiv, &xa, &c) && c == 2 &&
      MatchByConst(n->b, ExprKind::FloorMod, &xb, &cb) && cb == 2) {
    auto [x, c1] = SplitConstant(xa);
    if (c1 == 1 && ExprDeepEqual(x, xb)) return floordiv(x, Const(x, 2));
  }
  if (!IsDivision(kind) || qb->kind != kind || !MatchByConst(n->a, kind, &xa, &c) ||
      !MatchByConst(n->b, kind, &xb, &cb) || c != cb)
    return Expr();
  auto [x, c1] = SplitConstant(xa);
  auto [x2, c2] = SplitConstant(xb);
  if (!ExprDeepEqual(x, x2)) return Expr();
  auto delta = CheckedSub(c1, c2);
  if (!delta) return Expr();
  int64_t shift = FloorModInt(c2, c);
  if (kind == ExprKind::Div) {
    // Truncated: only where x + c2 and x + (c2 mod c) are non-negative and c1 >= c2.
    if (*delta < 0 || !ProveGE(add(x, Const(x, c2)), 0) || !ProveGE(add(x, Const(x, shift)), 0))
      return Expr();
  } else if (c == 2) {
    // r in {0, 1}: each quotient is floordiv(x, 2) + (r + ci) / 2, linear in r.
    int64_t scale = FloorModInt(c1, 2) - FloorModInt(c2, 2);
    int64_t offset = FloorDivInt(c1, 2) - FloorDivInt(c2, 2);
    return Revisit(add(mul(floormod(x, Const(x, 2)), Const(x, scale)), Const(x, offset)));
  }
  Expr r = MakeBinary(RemainderOf(kind), add(x, Const(x, shift)), Const(x, c));
  return Revisit(MakeBinary(kind, add(r, Const(x, *delta)), Const(x, c)));
}

Expr RewriteSimplifier::QuotientSum(const BinaryNode* n, const Expr& e) {
  if (n->kind != ExprKind::Add) return Expr();
  for (int side = 0; side < 2; ++side) {
    const Expr& a = side == 0 ? n->a : n->b;
    const Expr& b = side == 0 ? n->b : n->a;
    Expr xa, xb;
    int64_t ca = 0, cb = 0;
    // floormod(x + c1, 2) + floormod(x, 2) == 1 for odd c1.
    if (MatchByConst(a, ExprKind::FloorMod, &xa, &ca) && ca == 2 &&
        MatchByConst(b, ExprKind::FloorMod, &xb, &cb) && cb == 2) {
      auto [x, c1] = SplitConstant(xa);
      if (ExprDeepEqual(x, xb) && FloorModInt(c1, 2) == 1) return Const(e, 1);
    }
    // floordiv(x, 2) + floormod(x, 2) == floordiv(x + 1, 2).
    if (MatchByConst(a, ExprKind::FloorDiv, &xa, &ca) && ca == 2 &&
        MatchByConst(b, ExprKind::FloorMod, &xb, &cb) && cb == 2 && ExprDeepEqual(xa, xb))
      return Revisit(floordiv(add(xa, Const(xa, 1)), Const(xa, 2)));
    // floordiv(floormod(x, c) + c1, c) + floordiv(x, c) == floordiv(x + c1, c).
    if (MatchByConst(a, ExprKind::FloorDiv, &xa, &ca) &&
        MatchByConst(b, ExprKind::FloorDiv, &xb, &cb) && ca == cb) {
      auto [r, c1] = SplitConstant(xa);
      Expr x;
      int64_t cr = 0;
      if (MatchByConst(r, ExprKind::FloorMod, &x, &cr) && cr == ca && ExprDeepEqual(x, xb))
        return Revisit(floordiv(add(x, Const(x, c1)), Const(x, ca)));
    }
  }
  // div(y + c0, c) + k -> div(y + (c0 + k*c), c) when y holds a remainder.
  const int64_t* k = as_const_int(n->b);
  auto* q = n->a.as<BinaryNode>();
  Expr dividend;
  int64_t c = 0;
  if (!k || !q || !IsDivision(q->kind) || !MatchByConst(n->a, q->kind, &dividend, &c))
    return Expr();
  auto [y, c0] = SplitConstant(dividend);
  if (c0 == 0 || !HasRemainder(y)) return Expr();
  auto kc = CheckedMul(*k, c);
  auto moved = kc ? CheckedAdd(c0, *kc) : std::nullopt;
  if (!moved || (y.dtype().bits() <= 32 && (*moved > INT32_MAX || *moved < INT32_MIN)))
    return Expr();
  Expr inner = add(y, Const(y, *moved));
  if (q->kind == ExprKind::Div && (!ProveGE(dividend, 0) || !ProveGE(inner, 0))) return Expr();
  return MakeBinary(q->kind, inner, q->b);
}

}  // namespace tessera::arith
