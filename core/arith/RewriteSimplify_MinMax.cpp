// Rewrite rules for min(a, b) and max(a, b). The main rule orders the operands through
// the constant bound of their canonical difference or the context's linear facts:
// min(x, x + 1) -> x, min(i, 7) -> i when i < 8 is known, min(j, m - 1) -> j in a loop
// j in [0, m).
#include "arith/AnalyzerImpl.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

Expr RewriteSimplifier::VisitMin(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  if (ProveLessEqual(n->a, n->b)) return n->a;
  if (ProveLessEqual(n->b, n->a)) return n->b;
  PVar x, y, z;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, pmin(0 - x, 0 - y), 0 - pmax(x, y), &r)) return Revisit(r);
  if (TryRewrite(e, pmin(c1, x), pmin(x, c1), &r) ||
      TryRewrite(e, pmin(pmin(x, c1), c2), pmin(x, pmin(c1, c2)), &r))
    return Revisit(r);
  if (TryRewrite(e, pmin(pmin(x, y), x), pmin(x, y), &r) ||
      TryRewrite(e, pmin(pmin(x, y), y), pmin(x, y), &r) ||
      TryRewrite(e, pmin(x, pmin(x, y)), pmin(x, y), &r) ||
      TryRewrite(e, pmin(y, pmin(x, y)), pmin(x, y), &r) ||
      TryRewrite(e, pmin(pmax(x, y), x), x, &r) || TryRewrite(e, pmin(pmax(x, y), y), y, &r) ||
      TryRewrite(e, pmin(x, pmax(x, y)), x, &r) || TryRewrite(e, pmin(y, pmax(x, y)), y, &r))
    return r;
  auto c1_pos = [&] { return c1.value() > 0; };
  auto c1_neg = [&] { return c1.value() < 0; };
  if (TryRewrite(e, pmin(x + y, x + z), x + pmin(y, z), &r) ||
      TryRewrite(e, pmin(y + x, z + x), pmin(y, z) + x, &r) ||
      TryRewrite(e, pmin(x * c1, y * c1), pmin(x, y) * c1, c1_pos, &r) ||
      TryRewrite(e, pmin(x * c1, y * c1), pmax(x, y) * c1, c1_neg, &r) ||
      TryRewrite(e, pmin(pfloordiv(x, c1), pfloordiv(y, c1)), pfloordiv(pmin(x, y), c1), c1_pos, &r))
    return Revisit(r);
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
  if (TryRewrite(e, pmax(c1, x), pmax(x, c1), &r) ||
      TryRewrite(e, pmax(pmax(x, c1), c2), pmax(x, pmax(c1, c2)), &r))
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
      TryRewrite(e, pmax(pfloordiv(x, c1), pfloordiv(y, c1)), pfloordiv(pmax(x, y), c1), c1_pos, &r))
    return Revisit(r);
  return e;
}

}  // namespace tessera::arith
